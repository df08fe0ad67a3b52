/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.registry;

import java.util.Optional;

/** What the NameNode knows of DataNodes by UUID; the NameNode adaptor implements it over the DatanodeManager. */
public interface NodeDirectory {

  /** Names a DataNode for people: its host name and data transfer address. */
  record NodeAddress(String hostName, String xferAddress) {}

  NodeStatus status(String datanodeUuid);

  Optional<NodeAddress> address(String datanodeUuid);

  /**
   * The IP address the DataNode registered from (the NameNode takes it from the registration call's source
   * address); reports for this UUID must come from it.
   */
  Optional<String> ipAddress(String datanodeUuid);
}
