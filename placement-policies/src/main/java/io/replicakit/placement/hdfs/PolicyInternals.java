/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import io.replicakit.common.hdfs.InternalApi;

/**
 * Every Hadoop type and member the placement policies use: this package, which is the NameNode-side adaptor of
 * the module, the policy classes of {@code io.replicakit.placement.policy} and their base in HDFS's package
 * ({@code ReplicaKitPlacementPolicy}), the overridden hooks among them (a changed signature would leave HDFS
 * calling its own method). Checked when a policy is built. Names only, no Hadoop type: this class loads on any
 * Hadoop. {@code PolicyInternalsTest} compares it with the classes' bytecode.
 */
final class PolicyInternals {

  static final InternalApi API = InternalApi.builder("placement-policies NameNode adaptor", PolicyInternals.class)
      .types(
          "org.apache.hadoop.conf.Configurable",
          "org.apache.hadoop.conf.Configuration",
          "org.apache.hadoop.fs.StorageType",
          "org.apache.hadoop.hdfs.net.DFSNetworkTopology",
          "org.apache.hadoop.hdfs.protocol.BlockStoragePolicy",
          "org.apache.hadoop.hdfs.protocol.DatanodeInfo",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy$NotEnoughReplicasException",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyRackFaultTolerant",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementStatus",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo",
          "org.apache.hadoop.hdfs.server.blockmanagement.FSClusterStats",
          "org.apache.hadoop.hdfs.server.blockmanagement.Host2NodesMap",
          "org.apache.hadoop.metrics2.MetricsCollector",
          "org.apache.hadoop.metrics2.MetricsInfo",
          "org.apache.hadoop.metrics2.MetricsRecordBuilder",
          "org.apache.hadoop.metrics2.MetricsSource",
          "org.apache.hadoop.metrics2.MetricsSystem",
          "org.apache.hadoop.metrics2.lib.DefaultMetricsSystem",
          "org.apache.hadoop.metrics2.lib.Interns",
          "org.apache.hadoop.net.InnerNode",
          "org.apache.hadoop.net.NetworkTopology",
          "org.apache.hadoop.net.Node",
          "org.apache.hadoop.net.NodeBase",
          "org.apache.hadoop.util.Time")
      .members(
          "BlockPlacementStatus BlockPlacementPolicyDefault.verifyBlockPlacement(DatanodeInfo[], int)",
          "Collection BlockPlacementPolicyDefault.pickupReplicaSet(Collection, Collection, Map)",
          "Collection BlockPlacementPolicyRackFaultTolerant.pickupReplicaSet(Collection, Collection, Map)",
          "Configuration Configurable.getConf()",
          "DatanodeDescriptor BlockPlacementPolicyDefault.chooseDataNode(String, Collection)",
          "DatanodeDescriptor BlockPlacementPolicyDefault.chooseDataNode(String, Collection, StorageType)",
          "DatanodeDescriptor BlockPlacementPolicyRackFaultTolerant.chooseDataNode(String, Collection)",
          "DatanodeDescriptor BlockPlacementPolicyRackFaultTolerant.chooseDataNode(String, Collection, StorageType)",
          "DatanodeDescriptor DatanodeStorageInfo.getDatanodeDescriptor()",
          "DatanodeStorageInfo BlockPlacementPolicyDefault.chooseLocalStorage(Node, Set, long, int, List, "
              + "boolean, EnumMap, boolean)",
          "DatanodeStorageInfo BlockPlacementPolicyDefault.chooseRandom(String, Set, long, int, List, boolean, "
              + "EnumMap)",
          "DatanodeStorageInfo BlockPlacementPolicyDefault.chooseReplicaToDelete(Collection, Collection, List, Map)",
          "DatanodeStorageInfo BlockPlacementPolicyRackFaultTolerant.chooseLocalStorage(Node, Set, long, int, "
              + "List, boolean, EnumMap, boolean)",
          "DatanodeStorageInfo BlockPlacementPolicyRackFaultTolerant.chooseRandom(String, Set, long, int, "
              + "List, boolean, EnumMap)",
          "DatanodeStorageInfo BlockPlacementPolicyRackFaultTolerant.chooseReplicaToDelete(Collection, "
              + "Collection, List, Map)",
          "DatanodeStorageInfo[] BlockPlacementPolicyDefault.chooseTarget(String, int, Node, List, boolean, "
              + "Set, long, BlockStoragePolicy, EnumSet)",
          "DatanodeStorageInfo[] BlockPlacementPolicyDefault.chooseTarget(String, int, Node, List, boolean, "
              + "Set, long, BlockStoragePolicy, EnumSet, EnumMap)",
          "DatanodeStorageInfo[] BlockPlacementPolicyDefault.chooseTarget(String, int, Node, Set, long, List, "
              + "BlockStoragePolicy, EnumSet)",
          "InnerNode NetworkTopology.clusterMap",
          "List BlockPlacementPolicyDefault.chooseReplicasToDelete(Collection, Collection, int, List, "
              + "DatanodeDescriptor, DatanodeDescriptor)",
          "List InnerNode.getChildren()",
          "MetricsInfo Interns.info(String, String)",
          "MetricsRecordBuilder MetricsCollector.addRecord(MetricsInfo)",
          "MetricsRecordBuilder MetricsRecordBuilder.addCounter(MetricsInfo, long)",
          "MetricsRecordBuilder MetricsRecordBuilder.setContext(String)",
          "MetricsSource MetricsSystem.getSource(String)",
          "MetricsSystem DefaultMetricsSystem.instance()",
          "NetworkTopology BlockPlacementPolicyDefault.clusterMap",
          "NetworkTopology BlockPlacementPolicyRackFaultTolerant.clusterMap",
          "Node DFSNetworkTopology.chooseRandomWithStorageTypeTwoTrial(String, Collection, StorageType)",
          "Node NetworkTopology.chooseRandom(String, Collection)",
          "StorageType DatanodeStorageInfo.getStorageType()",
          "String DatanodeDescriptor.getDatanodeUuid()",
          "String DatanodeDescriptor.getNetworkLocation()",
          "String MetricsInfo.description()",
          "String MetricsInfo.name()",
          "String Node.getName()",
          "String Node.getNetworkLocation()",
          "String NodeBase.getPath(Node)",
          "String StorageType.name()",
          "boolean BlockPlacementPolicyDefault.getExcludeSlowNodesEnabled()",
          "boolean BlockPlacementPolicyDefault.isMovable(Collection, DatanodeInfo, DatanodeInfo)",
          "boolean DatanodeDescriptor.hasStorageType(StorageType)",
          "boolean DefaultMetricsSystem.inMiniClusterMode()",
          "boolean NetworkTopology.contains(Node)",
          "int BlockPlacementPolicyDefault.getMinBlocksForWrite()",
          "int BlockPlacementPolicyDefault.tolerateHeartbeatMultiplier",
          "int BlockPlacementPolicyRackFaultTolerant.tolerateHeartbeatMultiplier",
          "int DatanodeDescriptor.getXceiverCount()",
          "int NetworkTopology.getDistanceByPath(Node, Node)",
          "int NetworkTopology.getNumOfLeaves()",
          "java.util.concurrent.locks.ReadWriteLock NetworkTopology.netlock",
          "long BlockPlacementPolicyDefault.heartbeatInterval",
          "long BlockPlacementPolicyRackFaultTolerant.heartbeatInterval",
          "long DatanodeDescriptor.getCapacity()",
          "long DatanodeDescriptor.getDfsUsed()",
          "long DatanodeDescriptor.getLastUpdateMonotonic()",
          "long Time.monotonicNow()",
          "new BlockPlacementPolicyDefault()",
          "new BlockPlacementPolicyRackFaultTolerant()",
          "void BlockPlacementPolicyDefault.adjustSetsWithChosenReplica(Map, List, List, DatanodeStorageInfo)",
          "void BlockPlacementPolicyDefault.initialize(Configuration, FSClusterStats, NetworkTopology, Host2NodesMap)",
          "void BlockPlacementPolicyDefault.setExcludeSlowNodesEnabled(boolean)",
          "void BlockPlacementPolicyDefault.setMinBlocksForWrite(int)",
          "void Configurable.setConf(Configuration)",
          "void MetricsSource.getMetrics(MetricsCollector, boolean)",
          "void MetricsSystem.unregisterSource(String)")
      .build();

  private PolicyInternals() {}
}
