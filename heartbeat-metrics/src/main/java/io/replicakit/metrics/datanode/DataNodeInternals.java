/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

import io.replicakit.common.hdfs.InternalApi;

/**
 * Every Hadoop type and member that {@link DataNodeAdaptor} and its helper {@link DataNodeVolumes} use, checked
 * when the plugin starts. Names only, no Hadoop type: this class loads on any Hadoop, so the check can report what
 * is missing.
 * {@code DataNodeInternalsTest} compares it with the classes' bytecode.
 */
final class DataNodeInternals {

  static final InternalApi API = InternalApi.builder("heartbeat-metrics DataNode adaptor", DataNodeInternals.class)
      .types(
          "org.apache.hadoop.conf.Configuration",
          "org.apache.hadoop.fs.StorageType",
          "org.apache.hadoop.hdfs.DFSConfigKeys",
          "org.apache.hadoop.hdfs.DFSUtil",
          "org.apache.hadoop.hdfs.server.datanode.DataNode",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi$FsVolumeReferences",
          "org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi")
      .members(
          "Configuration DataNode.getConf()",
          "FsDatasetSpi DataNode.getFSDataset()",
          "FsDatasetSpi.FsVolumeReferences FsDatasetSpi.getFsVolumeReferences()",
          "Iterator FsDatasetSpi.FsVolumeReferences.iterator()",
          "Map DFSUtil.getNNServiceRpcAddressesForCluster(Configuration)",
          "StorageType FsVolumeSpi.getStorageType()",
          "String DataNode.getDatanodeUuid()",
          "String FsVolumeSpi.getStorageID()",
          "String StorageType.name()",
          "URI FsVolumeSpi.getBaseURI()",
          "void FsDatasetSpi.FsVolumeReferences.close()")
      .build();

  private DataNodeInternals() {}
}
