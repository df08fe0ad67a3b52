/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.namenode;

import io.replicakit.common.hdfs.InternalApi;

/**
 * Every Hadoop type and member that {@link NameNodeAdaptor} use, checked when the plugin starts. Names
 * only, no Hadoop type: this class loads on any Hadoop, so the check can report what is missing.
 * {@code NameNodeInternalsTest} compares it with the classes' bytecode.
 */
final class NameNodeInternals {

  static final InternalApi API = InternalApi.builder("heartbeat-metrics NameNode adaptor", NameNodeInternals.class)
      .types(
          "org.apache.hadoop.conf.Configuration",
          "org.apache.hadoop.hdfs.DFSConfigKeys",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockManager",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager",
          "org.apache.hadoop.hdfs.server.namenode.FSNamesystem",
          "org.apache.hadoop.hdfs.server.namenode.NameNode")
      .members(
          "BlockManager FSNamesystem.getBlockManager()",
          "Configuration NameNode.getConf()",
          "DatanodeDescriptor DatanodeManager.getDatanode(String)",
          "DatanodeManager BlockManager.getDatanodeManager()",
          "FSNamesystem NameNode.getNamesystem()",
          "String DatanodeDescriptor.getHostName()",
          "String DatanodeDescriptor.getIpAddr()",
          "String DatanodeDescriptor.getXferAddr()",
          "boolean DatanodeDescriptor.isAlive()",
          "boolean DatanodeDescriptor.isDecommissioned()",
          "boolean DatanodeDescriptor.isDecommissionInProgress()",
          "boolean DatanodeDescriptor.isEnteringMaintenance()",
          "boolean DatanodeDescriptor.isInMaintenance()")
      .build();

  private NameNodeInternals() {}
}
