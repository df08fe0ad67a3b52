/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.hdfs;

import io.replicakit.common.hdfs.UnsupportedHadoopException;
import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.device.DeviceSettings;
import io.replicakit.testbed.device.EmulatedDevices;
import io.replicakit.testbed.device.NodeDevices;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory;

/**
 * {@code dfs.datanode.fsdataset.factory} that gives a DataNode emulated devices: it hooks the DataNode's file
 * I/O into the node's devices, builds the stock dataset, then sets each volume's reported capacity.
 *
 * <p>A DataNode configured with this factory but with bad testbed settings, or on a Hadoop whose internals do not
 * fit {@link HadoopInternals} ({@link TestbedInternals}, checked first), refuses to start: running with unthrottled
 * disks would silently turn every experiment's numbers into the machine's, not the spec's.
 */
public final class EmulatedFsDatasetFactory extends FsDatasetSpi.Factory<FsDatasetSpi<?>> {

  @Override
  public FsDatasetSpi<?> newInstance(DataNode datanode, DataStorage storage, Configuration conf)
      throws IOException {
    try {
      TestbedInternals.API.check();
    } catch (UnsupportedHadoopException e) {
      throw new IOException("testbed device emulation: " + e.getMessage(), e);
    }
    DeviceSettings settings;
    try {
      settings = TestbedConfig.deviceSettings(conf);
    } catch (IllegalArgumentException e) {
      throw new IOException("testbed device emulation: " + e.getMessage(), e);
    }
    NodeDevices devices = EmulatedDevices.global().attach(settings);
    HadoopInternals.installDeviceHook(datanode, devices);
    FsDatasetSpi<?> dataset = new FsDatasetFactory().newInstance(datanode, storage, conf);
    HadoopInternals.configureVolumes(dataset, devices, settings.volumes());
    return dataset;
  }
}
