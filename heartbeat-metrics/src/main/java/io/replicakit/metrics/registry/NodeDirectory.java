package io.replicakit.metrics.registry;

import java.util.Optional;

/** What the NameNode knows of DataNodes by UUID; the NameNode adaptor implements it over the DatanodeManager. */
public interface NodeDirectory {

  /** Names a DataNode for people: its host name and data transfer address. */
  record NodeAddress(String hostName, String xferAddress) {}

  NodeStatus status(String datanodeUuid);

  Optional<NodeAddress> address(String datanodeUuid);
}
