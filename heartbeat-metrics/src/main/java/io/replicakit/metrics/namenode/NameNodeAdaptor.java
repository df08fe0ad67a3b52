/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.namenode;

import io.replicakit.common.PluginHost;
import io.replicakit.common.hdfs.UnsupportedHadoopException;
import io.replicakit.metrics.registry.NodeDirectory;
import io.replicakit.metrics.registry.NodeStatus;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager;
import org.apache.hadoop.hdfs.server.namenode.NameNode;

/**
 * Every use of NameNode internals in this module, in one place: the configuration, and what the
 * DatanodeManager knows of a DataNode UUID. {@code getDatanode} takes only the DatanodeManager's monitor (no
 * namesystem lock), so the registry's membership checks never wait for the namesystem. What it uses of Hadoop is
 * listed in {@link NameNodeInternals} and checked when the plugin starts ({@link #checkInternals()}).
 */
final class NameNodeAdaptor implements NodeDirectory {

  private final NameNode nameNode;

  private NameNodeAdaptor(NameNode nameNode) {
    this.nameNode = nameNode;
  }

  static NameNodeAdaptor of(Object service) {
    return new NameNodeAdaptor(
        PluginHost.require(service, NameNode.class, "system-state registry", DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY));
  }

  /**
   * Resolves every Hadoop member this adaptor uses, in the running Hadoop.
   *
   * @throws UnsupportedHadoopException naming the Hadoop version and every member that is missing or changed
   */
  static void checkInternals() {
    NameNodeInternals.API.check();
  }

  Configuration conf() {
    return nameNode.getConf();
  }

  @Override
  public NodeStatus status(String datanodeUuid) {
    DatanodeDescriptor node = descriptor(datanodeUuid);
    if (node == null) {
      return NodeStatus.UNKNOWN;
    }
    if (node.isDecommissioned()) {
      return NodeStatus.DECOMMISSIONED;
    }
    if (!node.isAlive()) {
      return NodeStatus.DEAD;
    }
    // as DatanodeManager.isInactive leaves such replicas out of a read's active ones
    boolean outOfService = node.isDecommissionInProgress() || node.isEnteringMaintenance() || node.isInMaintenance();
    return outOfService ? NodeStatus.OUT_OF_SERVICE : NodeStatus.LIVE;
  }

  @Override
  public Optional<NodeAddress> address(String datanodeUuid) {
    DatanodeDescriptor node = descriptor(datanodeUuid);
    return node == null ? Optional.empty() : Optional.of(new NodeAddress(node.getHostName(), node.getXferAddr()));
  }

  @Override
  public Optional<String> ipAddress(String datanodeUuid) {
    DatanodeDescriptor node = descriptor(datanodeUuid);
    return node == null ? Optional.empty() : Optional.of(node.getIpAddr());
  }

  private DatanodeDescriptor descriptor(String datanodeUuid) {
    DatanodeManager manager = nameNode.getNamesystem().getBlockManager().getDatanodeManager();
    return manager.getDatanode(datanodeUuid);
  }
}
