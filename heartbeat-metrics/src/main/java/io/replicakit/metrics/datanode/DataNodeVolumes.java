/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

import io.replicakit.common.sysstate.VolumeRef;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;

/**
 * A DataNode's volumes as the counter sources name them (storage ID, type, directory): the one place that walks
 * the dataset's volume references, for this module's reporter and for other DataNode plugins (Pfimbi).
 */
public final class DataNodeVolumes {

  private DataNodeVolumes() {}

  /** The volumes in service; empty until the DataNode has opened its dataset (during registration). */
  public static List<VolumeRef> of(DataNode dataNode) {
    FsDatasetSpi<?> dataset = dataNode.getFSDataset();
    if (dataset == null) {
      return List.of();
    }
    List<VolumeRef> volumes = new ArrayList<>();
    try (FsDatasetSpi.FsVolumeReferences refs = dataset.getFsVolumeReferences()) {
      for (FsVolumeSpi v : refs) {
        volumes.add(new VolumeRef(v.getStorageID(), v.getStorageType().name(),
            new File(v.getBaseURI()).getAbsolutePath()));
      }
    } catch (IOException e) {
      throw new IllegalStateException("could not release the DataNode's volume references", e);
    }
    return volumes;
  }
}
