/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.hdfs;

import io.replicakit.common.hdfs.InternalApi;

/**
 * Every Hadoop type and member that the testbed's adaptor, {@link HadoopInternals}, and the dataset factory that
 * installs it, {@link EmulatedFsDatasetFactory}, use, the fields and methods it reaches by reflection among them (a
 * private field that changed would otherwise only show as an unthrottled, silently wrong experiment). Checked when
 * a DataNode builds its dataset. Names only, no Hadoop type: this class loads on any Hadoop, so the check can
 * report what is missing. {@code TestbedInternalsTest} compares it with the classes' bytecode.
 */
final class TestbedInternals {

  static final InternalApi API = InternalApi.builder("testbed adaptor", TestbedInternals.class)
      .types(
          "org.apache.hadoop.conf.Configuration",
          "org.apache.hadoop.fs.StorageType",
          "org.apache.hadoop.fs.TestDFSIO",
          "org.apache.hadoop.hdfs.protocol.HdfsConstants",
          "org.apache.hadoop.hdfs.protocol.HdfsConstants$DatanodeReportType",
          "org.apache.hadoop.hdfs.server.blockmanagement.BlockManager",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor",
          "org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager",
          "org.apache.hadoop.hdfs.server.blockmanagement.HeartbeatManager",
          "org.apache.hadoop.hdfs.server.datanode.BPOfferService",
          "org.apache.hadoop.hdfs.server.datanode.DataNode",
          "org.apache.hadoop.hdfs.server.datanode.DataStorage",
          "org.apache.hadoop.hdfs.server.datanode.DataXceiver",
          "org.apache.hadoop.hdfs.server.datanode.FaultInjectorFileIoEvents",
          "org.apache.hadoop.hdfs.server.datanode.FileIoProvider",
          "org.apache.hadoop.hdfs.server.datanode.FileIoProvider$OPERATION",
          "org.apache.hadoop.hdfs.server.datanode.metrics.DataNodeMetrics",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi$Factory",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi$FsVolumeReferences",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetImpl",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsVolumeImpl",
          "org.apache.hadoop.hdfs.server.namenode.FSNamesystem",
          "org.apache.hadoop.hdfs.server.namenode.NameNode",
          "org.apache.hadoop.metrics2.AbstractMetric",
          "org.apache.hadoop.metrics2.MetricsCollector",
          "org.apache.hadoop.metrics2.MetricsRecord",
          "org.apache.hadoop.metrics2.MetricsSource",
          "org.apache.hadoop.metrics2.MetricsSystem",
          "org.apache.hadoop.metrics2.impl.MetricsCollectorImpl",
          "org.apache.hadoop.metrics2.lib.DefaultMetricsSystem")
      .members(
          // reached by reflection: the hook every DataNode data I/O passes, and the pool TestDFSIO leaves running
          "FaultInjectorFileIoEvents FileIoProvider.faultInjectorEventHook",
          "ExecutorService TestDFSIO.excutorService",
          // reached by reflection (package-private): declare a killed DataNode dead in a NameNode process, and
          // send a heartbeat now from a DataNode process
          "HeartbeatManager DatanodeManager.getHeartbeatManager()",
          "void HeartbeatManager.restartHeartbeatStopWatch()",
          "void HeartbeatManager.heartbeatCheck()",
          "List DataNode.getAllBpOs()",
          "void BPOfferService.triggerHeartbeatForTests()",
          // not called: the device hook reads the block from the thread name this method sets
          "void DataXceiver.updateCurrentThreadName(String)",
          "BlockManager FSNamesystem.getBlockManager()",
          "DatanodeManager BlockManager.getDatanodeManager()",
          "FSNamesystem NameNode.getNamesystem()",
          "FileIoProvider DataNode.getFileIoProvider()",
          "DataNodeMetrics DataNode.getMetrics()",
          "String DataNodeMetrics.name()",
          // a DataNode counter as it stands, not JMX's copy of up to a metrics period ago
          "Iterable MetricsRecord.metrics()",
          "List MetricsCollectorImpl.getRecords()",
          "MetricsSource MetricsSystem.getSource(String)",
          "MetricsSystem DefaultMetricsSystem.instance()",
          "Number AbstractMetric.value()",
          "String AbstractMetric.name()",
          "String DataNode.getDisplayName()",
          "new MetricsCollectorImpl()",
          "void MetricsSource.getMetrics(MetricsCollector, boolean)",
          "FileIoProvider.OPERATION FileIoProvider.OPERATION.NATIVE_COPY",
          "FileIoProvider.OPERATION FileIoProvider.OPERATION.READ",
          "FileIoProvider.OPERATION FileIoProvider.OPERATION.SYNC",
          "FileIoProvider.OPERATION FileIoProvider.OPERATION.TRANSFER",
          "FileIoProvider.OPERATION FileIoProvider.OPERATION.WRITE",
          "FileIoProvider.OPERATION[] FileIoProvider.OPERATION.values()",
          "FsDatasetImpl FsDatasetFactory.newInstance(DataNode, DataStorage, Configuration)",
          "FsDatasetSpi FsDatasetSpi.Factory.newInstance(DataNode, DataStorage, Configuration)",
          "FsDatasetSpi.FsVolumeReferences FsDatasetSpi.getFsVolumeReferences()",
          "HdfsConstants.DatanodeReportType HdfsConstants.DatanodeReportType.ALL",
          "Iterator FsDatasetSpi.FsVolumeReferences.iterator()",
          "List DatanodeManager.getDatanodeListForReport(HdfsConstants.DatanodeReportType)",
          "StorageType FsVolumeSpi.getStorageType()",
          "String DatanodeDescriptor.getIpAddr()",
          "String FsVolumeSpi.getStorageID()",
          "int FileIoProvider.OPERATION.ordinal()",
          "new FaultInjectorFileIoEvents(Configuration)",
          "new FsDatasetFactory()",
          "new FsDatasetSpi.Factory()",
          "void DatanodeDescriptor.setLastUpdate(long)",
          "void DatanodeDescriptor.setLastUpdateMonotonic(long)",
          "void FaultInjectorFileIoEvents.beforeFileIo(FsVolumeSpi, FileIoProvider.OPERATION, long)",
          "void FsDatasetSpi.FsVolumeReferences.close()",
          "void FsVolumeImpl.setCapacityForTesting(long)")
      .build();

  private TestbedInternals() {}
}
