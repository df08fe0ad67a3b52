/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.hdfs;

import io.replicakit.common.hdfs.InternalApi;

/**
 * Every Hadoop type and member that {@link DispatcherAdaptor} uses of HDFS's balancing internals, itself or by
 * reflection through {@link DispatcherAccess} (the dispatcher's package-private members), checked when the balancer
 * starts. {@code BalancerInternalsTest} compares it with the bytecode.
 */
final class BalancerInternals {

  static final InternalApi API = InternalApi.builder("balancer-ext adaptor", BalancerInternals.class)
      .types(
          "org.apache.hadoop.conf.Configuration",
          "org.apache.hadoop.fs.FileSystem",
          "org.apache.hadoop.fs.Path",
          "org.apache.hadoop.fs.StorageType",
          "org.apache.hadoop.hdfs.DFSClient",
          "org.apache.hadoop.hdfs.DistributedFileSystem",
          "org.apache.hadoop.hdfs.protocol.Block",
          "org.apache.hadoop.hdfs.protocol.DatanodeInfo",
          "org.apache.hadoop.hdfs.protocol.HdfsConstants",
          "org.apache.hadoop.hdfs.protocol.HdfsConstants$DatanodeReportType",
          "org.apache.hadoop.hdfs.server.balancer.Dispatcher",
          "org.apache.hadoop.hdfs.server.balancer.Dispatcher$DBlock",
          "org.apache.hadoop.hdfs.server.balancer.Dispatcher$DDatanode",
          "org.apache.hadoop.hdfs.server.balancer.Dispatcher$DDatanode$StorageGroup",
          "org.apache.hadoop.hdfs.server.balancer.Dispatcher$PendingMove",
          "org.apache.hadoop.hdfs.server.balancer.Dispatcher$Source",
          "org.apache.hadoop.hdfs.server.balancer.Dispatcher$StorageGroupMap",
          "org.apache.hadoop.hdfs.server.balancer.NameNodeConnector",
          "org.apache.hadoop.hdfs.server.protocol.BlocksWithLocations",
          "org.apache.hadoop.hdfs.server.protocol.BlocksWithLocations$BlockWithLocations",
          "org.apache.hadoop.hdfs.server.protocol.BlocksWithLocations$StripedBlockWithLocations",
          "org.apache.hadoop.hdfs.server.protocol.DatanodeStorage",
          "org.apache.hadoop.hdfs.server.protocol.DatanodeStorageReport",
          "org.apache.hadoop.hdfs.server.protocol.StorageReport",
          "org.apache.hadoop.util.Time")
      .members(
          "Block BlocksWithLocations.BlockWithLocations.getBlock()",
          "BlocksWithLocations NameNodeConnector.getBlocks(DatanodeInfo, long, long, long, StorageType)",
          "BlocksWithLocations.BlockWithLocations[] BlocksWithLocations.getBlocks()",
          "DatanodeInfo DatanodeStorageReport.getDatanodeInfo()",
          "DatanodeStorage StorageReport.getStorage()",
          "Dispatcher.DDatanode Dispatcher.newDatanode(DatanodeInfo)",
          "Dispatcher.DDatanode.StorageGroup Dispatcher.DDatanode.addTarget(StorageType, long)",
          "Dispatcher.DDatanode.StorageGroup Dispatcher.StorageGroupMap.get(String, StorageType)",
          "Dispatcher.PendingMove Dispatcher.Source.addPendingMove(Dispatcher.DBlock, "
              + "Dispatcher.DDatanode.StorageGroup)",
          "Dispatcher.Source Dispatcher.DDatanode.addSource(StorageType, long, Dispatcher)",
          "Dispatcher.StorageGroupMap Dispatcher.getStorageGroupMap()",
          "List Dispatcher.init()",
          "List StorageType.getMovableTypes()",
          "StorageReport[] DatanodeStorageReport.getStorageReports()",
          "StorageType DatanodeStorage.getStorageType()",
          "StorageType StorageType.parseStorageType(String)",
          "StorageType[] BlocksWithLocations.BlockWithLocations.getStorageTypes()",
          "String DatanodeInfo.getDatanodeUuid()",
          "String DatanodeInfo.getNetworkLocation()",
          "String StorageType.name()",
          "String[] BlocksWithLocations.BlockWithLocations.getDatanodeUuids()",
          "boolean Dispatcher.waitForMoveCompletion(Iterable)",
          "List NameNodeConnector.newNameNodeConnectors(Collection, String, Path, Configuration, int)",
          "boolean NameNodeConnector.shouldContinue(long)",
          "java.util.concurrent.atomic.AtomicLong NameNodeConnector.getBlocksMoved()",
          "void NameNodeConnector.close()",
          "java.util.concurrent.atomic.AtomicLong NameNodeConnector.getBytesMoved()",
          "long Block.getBlockId()",
          "long Block.getNumBytes()",
          "long StorageReport.getCapacity()",
          "long StorageReport.getRemaining()",
          "long Time.monotonicNow()",
          "new Dispatcher(NameNodeConnector, Set, Set, long, int, int, int, long, long, int, int, long, long,"
              + " Configuration)",
          "java.util.concurrent.ExecutorService Dispatcher.DDatanode.getMoveExecutor()",
          "java.util.concurrent.ExecutorService Dispatcher.DDatanode.initMoveExecutor(int)",
          "void Dispatcher.DDatanode.shutdownMoveExecutor()",
          "new Dispatcher.DBlock(Block)",
          "void Dispatcher.DBlock.addLocation(Object)",
          "void Dispatcher.StorageGroupMap.put(Dispatcher.DDatanode.StorageGroup)",
          "void Dispatcher.executePendingMove(Dispatcher.PendingMove)",
          "void Dispatcher.shutdownNow()",
          "DFSClient DistributedFileSystem.getClient()",
          "DatanodeStorageReport[] DFSClient.getDatanodeStorageReport(HdfsConstants.DatanodeReportType)",
          "DistributedFileSystem NameNodeConnector.getDistributedFileSystem()",
          "FileSystem FileSystem.newInstance(Configuration)",
          "HdfsConstants.DatanodeReportType HdfsConstants.DatanodeReportType.LIVE",
          "boolean DatanodeInfo.isInService()",
          "boolean DistributedFileSystem.cancelDeleteOnExit(Path)",
          "boolean NameNodeConnector.isUpgrading()",
          "void FileSystem.close()")
      .build();

  private BalancerInternals() {}
}
