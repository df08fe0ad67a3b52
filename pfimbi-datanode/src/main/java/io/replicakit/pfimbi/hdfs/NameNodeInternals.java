/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import io.replicakit.common.hdfs.InternalApi;

/**
 * Every Hadoop type and member that {@link NameNodeAdaptor} and its helpers in HDFS's package
 * ({@code PfimbiPlacementPolicy}, {@code PfimbiBlocks}) use, checked when the coordinator starts. Names only, no
 * Hadoop type: this class loads on any Hadoop, so the check can report what is missing.
 * {@code NameNodeInternalsTest} compares it with the classes' bytecode.
 */
public final class NameNodeInternals {

  public static final InternalApi API = InternalApi.builder("Pfimbi NameNode adaptor", NameNodeInternals.class)
      .types(
          "org.apache.hadoop.conf.Configurable",
          "org.apache.hadoop.conf.Configuration",
          "org.apache.hadoop.fs.StorageType",
          "org.apache.hadoop.fs.XAttr",
          "org.apache.hadoop.hdfs.DFSConfigKeys",
          "org.apache.hadoop.hdfs.DFSUtilClient",
          "org.apache.hadoop.hdfs.protocol.Block",
          "org.apache.hadoop.hdfs.protocol.BlockStoragePolicy",
          "org.apache.hadoop.hdfs.protocol.DatanodeInfo",
          "org.apache.hadoop.hdfs.protocol.HdfsConstants",
          "org.apache.hadoop.hdfs.protocol.HdfsConstants$DatanodeReportType",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockInfo",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockManager",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementStatus",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo",
          "org.apache.hadoop.hdfs.server.blockmanagement.FSClusterStats",
          "org.apache.hadoop.hdfs.server.blockmanagement.Host2NodesMap",
          "org.apache.hadoop.hdfs.server.blockmanagement.NumberReplicas",
          "org.apache.hadoop.hdfs.server.namenode.FSDirectory",
          "org.apache.hadoop.hdfs.server.namenode.FSDirectory$DirOp",
          "org.apache.hadoop.hdfs.server.namenode.FSNamesystem",
          "org.apache.hadoop.hdfs.server.namenode.INode",
          "org.apache.hadoop.hdfs.server.namenode.INodeDirectory",
          "org.apache.hadoop.hdfs.server.namenode.INodeFile",
          "org.apache.hadoop.hdfs.server.namenode.NameNode",
          "org.apache.hadoop.hdfs.server.namenode.XAttrStorage",
          "org.apache.hadoop.hdfs.server.namenode.snapshot.Snapshot",
          "org.apache.hadoop.hdfs.server.protocol.DatanodeStorage",
          "org.apache.hadoop.hdfs.server.protocol.DatanodeStorage$State",
          "org.apache.hadoop.hdfs.util.ReadOnlyList",
          "org.apache.hadoop.hdfs.util.ReadOnlyList$Util",
          "org.apache.hadoop.hdfs.util.RwLockMode",
          "org.apache.hadoop.net.NetUtils",
          "org.apache.hadoop.net.NetworkTopology",
          "org.apache.hadoop.net.Node",
          "org.apache.hadoop.util.ReflectionUtils",
          "org.apache.hadoop.util.Time")
      .members(
          "BlockInfo BlockManager.getStoredBlock(Block)",
          "BlockManager FSNamesystem.getBlockManager()",
          "BlockPlacementPolicy BlockManager.getBlockPlacementPolicy()",
          "BlockPlacementStatus BlockPlacementPolicy.verifyBlockPlacement(DatanodeInfo[], int)",
          "BlockStoragePolicy BlockManager.getStoragePolicy(byte)",
          "Class Configuration.getClassByName(String)",
          "Configuration Configurable.getConf()",
          "void Configurable.setConf(Configuration)",
          "Configuration NameNode.getConf()",
          "DatanodeDescriptor DatanodeManager.getDatanode(String)",
          "DatanodeDescriptor DatanodeStorageInfo.getDatanodeDescriptor()",
          "DatanodeManager BlockManager.getDatanodeManager()",
          "DatanodeStorage.State DatanodeStorage.State.FAILED",
          "DatanodeStorage.State DatanodeStorageInfo.getState()",
          "DatanodeStorageInfo[] BlockManager.getStorages(BlockInfo)",
          "DatanodeStorageInfo[] DatanodeDescriptor.getStorageInfos()",
          "DatanodeStorageInfo[] BlockPlacementPolicy.chooseTarget(String, int, Node, List, boolean, Set, long, "
              + "BlockStoragePolicy, EnumSet)",
          "DatanodeStorageInfo[] BlockPlacementPolicy.chooseTarget(String, int, Node, List, boolean, Set, long, "
              + "BlockStoragePolicy, EnumSet, EnumMap)",
          "DatanodeStorageInfo[] BlockPlacementPolicy.chooseTarget(String, int, Node, Set, long, List, "
              + "BlockStoragePolicy, EnumSet)",
          "FSDirectory FSNamesystem.getFSDirectory()",
          "HdfsConstants.DatanodeReportType HdfsConstants.DatanodeReportType.LIVE",
          "FSDirectory.DirOp FSDirectory.DirOp.READ",
          "FSNamesystem NameNode.getNamesystem()",
          "INode FSDirectory.getINode(String, FSDirectory.DirOp)",
          "INode FSDirectory.getInode(long)",
          "INodeDirectory INode.asDirectory()",
          "INodeFile INode.asFile()",
          "InetSocketAddress NameNode.getNameNodeAddress()",
          "List DatanodeManager.getDatanodeListForReport(HdfsConstants.DatanodeReportType)",
          "List BlockPlacementPolicy.chooseReplicasToDelete(Collection, Collection, int, List, DatanodeDescriptor, "
              + "DatanodeDescriptor)",
          "NumberReplicas BlockManager.countNodes(BlockInfo)",
          "Object ReadOnlyList.get(int)",
          "Object ReflectionUtils.newInstance(Class, Configuration)",
          "ReadOnlyList INodeDirectory.getChildrenList(int)",
          "RwLockMode RwLockMode.BM",
          "RwLockMode RwLockMode.FS",
          "StorageType DatanodeStorageInfo.getStorageType()",
          "String DatanodeDescriptor.getDatanodeUuid()",
          "String DatanodeDescriptor.getHostName()",
          "String DatanodeDescriptor.getIpAddr()",
          "String FSNamesystem.getBlockPoolId()",
          "String INode.getFullPathName()",
          "String INode.getLocalName()",
          "String NetUtils.getHostPortString(InetSocketAddress)",
          "StorageType StorageType.PROVIDED",
          "String StorageType.name()",
          "XAttr XAttrStorage.readINodeXAttrByPrefixedName(INode, int, String)",
          "boolean BlockManager.isExcess(DatanodeDescriptor, BlockInfo)",
          "boolean BlockPlacementPolicy.getExcludeSlowNodesEnabled()",
          "boolean BlockPlacementPolicy.isMovable(Collection, DatanodeInfo, DatanodeInfo)",
          "boolean DatanodeDescriptor.isAlive()",
          "boolean DatanodeDescriptor.isDecommissionInProgress()",
          "boolean DatanodeDescriptor.isDecommissioned()",
          "boolean DatanodeStorageInfo.areBlockContentsStale()",
          "boolean FSNamesystem.isInSafeMode()",
          "boolean INode.isDirectory()",
          "boolean INode.isFile()",
          "boolean NameNode.isActiveState()",
          "byte[] DFSUtilClient.string2Bytes(String)",
          "byte[] XAttr.getValue()",
          "int BlockInfo.findStorageInfo(DatanodeStorageInfo)",
          "int BlockManager.processMisReplicatedBlocks(List)",
          "int BlockPlacementPolicy.getMinBlocksForWrite()",
          "int DatanodeDescriptor.getInfoPort()",
          "int DatanodeDescriptor.getIpcPort()",
          "int DatanodeDescriptor.getXferPort()",
          "int NumberReplicas.liveReplicas()",
          "int ReadOnlyList.Util.binarySearch(ReadOnlyList, Object)",
          "int ReadOnlyList.size()",
          "long BlockInfo.getBlockId()",
          "long BlockInfo.getNumBytes()",
          "long INode.getId()",
          "long Time.monotonicNow()",
          "new Block(long)",
          "new BlockPlacementPolicy()",
          "short INodeFile.getFileReplication()",
          "void BlockPlacementPolicy.adjustSetsWithChosenReplica(Map, List, List, DatanodeStorageInfo)",
          "void BlockPlacementPolicy.initialize(Configuration, FSClusterStats, NetworkTopology, Host2NodesMap)",
          "void BlockPlacementPolicy.setExcludeSlowNodesEnabled(boolean)",
          "void BlockPlacementPolicy.setMinBlocksForWrite(int)",
          "void FSNamesystem.readLock(RwLockMode)",
          "void FSNamesystem.readUnlock(RwLockMode, String)")
      .build();

  private NameNodeInternals() {}
}
