/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.hdfs;

import io.replicakit.common.hdfs.InternalApi;

/**
 * Every Hadoop type and member that {@link ReplicaKitNetworkTopology}, the module's one adaptor, uses (the methods
 * it overrides among them: a changed signature would leave HDFS calling its own sort), checked when HDFS hands the
 * topology its configuration. Names only, no Hadoop type: this class loads on any Hadoop, so the check can report
 * what is missing. {@code TopologyInternalsTest} compares it with the class's bytecode.
 */
final class TopologyInternals {

  static final InternalApi API = InternalApi.builder("read-selection topology adaptor", TopologyInternals.class)
      .types(
          "org.apache.hadoop.conf.Configurable",
          "org.apache.hadoop.conf.Configuration",
          "org.apache.hadoop.fs.StorageType",
          "org.apache.hadoop.hdfs.DFSConfigKeys",
          "org.apache.hadoop.hdfs.net.DFSNetworkTopology",
          "org.apache.hadoop.hdfs.net.DFSTopologyNodeImpl",
          "org.apache.hadoop.hdfs.protocol.DatanodeID",
          "org.apache.hadoop.hdfs.protocol.DatanodeInfo",
          "org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor",
          "org.apache.hadoop.ipc.Server",
          "org.apache.hadoop.net.InnerNodeImpl",
          "org.apache.hadoop.net.Node",
          "org.apache.hadoop.net.NodeBase")
      .members(
          "Configuration Configurable.getConf()",
          "boolean Configuration.getBoolean(String, boolean)",
          "Collection Configuration.getTrimmedStringCollection(String)",
          "StorageType DatanodeInfoWithStorage.getStorageType()",
          "String DatanodeInfoWithStorage.getDatanodeUuid()",
          "String DatanodeInfoWithStorage.getStorageID()",
          "String DatanodeID.getDatanodeUuid()",
          "new DatanodeID(String, String, String, int, int, int, int)",
          "new DatanodeDescriptor(DatanodeID)",
          "new DatanodeInfoWithStorage(DatanodeInfo, String, StorageType)",
          "boolean DatanodeDescriptor.equals(Object)",
          "boolean DatanodeInfoWithStorage.equals(Object)",
          "StorageType StorageType.DISK",
          "String StorageType.name()",
          "int DFSNetworkTopology.getWeight(Node, Node)",
          "int DFSNetworkTopology.getWeightUsingNetworkLocation(Node, Node)",
          "new DFSNetworkTopology()",
          "ThreadLocal Server.getCurCall()",
          "Node Node.getParent()",
          "String Node.getName()",
          "String Node.getNetworkLocation()",
          "int Node.getLevel()",
          "new NodeBase(String)",
          "new NodeBase(String, String, Node, int)",
          "void Configurable.setConf(Configuration)",
          "void DFSNetworkTopology.sortByDistance(Node, Node[], int, Consumer)",
          "void DFSNetworkTopology.sortByDistanceUsingNetworkLocation(Node, Node[], int, Consumer)")
      .build();

  private TopologyInternals() {}
}
