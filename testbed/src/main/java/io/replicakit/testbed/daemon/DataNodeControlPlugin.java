/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.daemon;

import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.device.BackgroundLoad;
import io.replicakit.testbed.device.DeviceSettings;
import io.replicakit.testbed.device.EmulatedDevices;
import io.replicakit.testbed.device.NodeDevices;
import io.replicakit.testbed.device.VolumeStats;
import io.replicakit.testbed.hdfs.HadoopInternals;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.StandardMBean;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code dfs.datanode.plugins} entry the multi-process testbed adds to each DataNode: publishes the node's emulated
 * devices as {@link DataNodeControlMBean} on the platform MBean server, reached through the JMX agent of the
 * DataNode's process. The devices live in the DataNode's JVM there; this is how an experiment in another JVM reads
 * their counters and disturbs them. Test infrastructure: never on a production DataNode.
 */
public final class DataNodeControlPlugin extends ControlBeanPlugin {

  public static final String OBJECT_NAME = "io.replicakit.testbed:type=DataNodeControl";

  private static final Logger LOG = LoggerFactory.getLogger(DataNodeControlPlugin.class);

  public DataNodeControlPlugin() {
    super(OBJECT_NAME);
  }

  @Override
  StandardMBean bean(Object service) {
    DataNode dataNode = (DataNode) service;
    DeviceSettings settings = TestbedConfig.deviceSettings(dataNode.getConf());
    // The same devices the dataset factory attaches to (it may not have run yet).
    NodeDevices devices = EmulatedDevices.global().attach(settings);
    LOG.info("Testbed device control for {}", settings.nodeName());
    return new StandardMBean(new Control(dataNode, devices), DataNodeControlMBean.class, false);
  }

  @Override
  String withoutIt() {
    return "the harness cannot reach this DataNode's devices";
  }

  /** The bean behind {@link DataNodeControlMBean}. */
  static final class Control implements DataNodeControlMBean {
    private final DataNode dataNode;
    private final NodeDevices devices;
    private final Map<Long, BackgroundLoad> loads = new ConcurrentHashMap<>();
    private final AtomicLong nextLoad = new AtomicLong(1);

    Control(DataNode dataNode, NodeDevices devices) {
      this.dataNode = dataNode;
      this.devices = devices;
    }

    @Override
    public String getNodeName() {
      return devices.name();
    }

    @Override
    public List<VolumeStats> stats() {
      return devices.stats();
    }

    @Override
    public void slowDown(double factor, long millis) {
      devices.slowDown(factor, Duration.ofMillis(millis));
    }

    @Override
    public void restoreSpeed() {
      devices.restoreSpeed();
    }

    @Override
    public void stressHost(double cpuBusyPct, double memoryUsedPct, long millis) {
      devices.stressHost(cpuBusyPct, memoryUsedPct, Duration.ofMillis(millis));
    }

    @Override
    public void endHostStress() {
      devices.endHostStress();
    }

    @Override
    public long startLoad(double mibPerSec, long millis) {
      loads.values().removeIf(load -> !load.isRunning());
      long handle = nextLoad.getAndIncrement();
      loads.put(handle, devices.startLoad(mibPerSec, Duration.ofMillis(millis)));
      return handle;
    }

    @Override
    public void stopLoad(long handle) {
      BackgroundLoad load = loads.remove(handle);
      if (load != null) {
        load.close();
      }
    }

    @Override
    public void fillDisks() throws IOException {
      devices.fillDisks();
      reportCapacity();
    }

    @Override
    public void clearDisks() throws IOException {
      devices.clearDisks();
      reportCapacity();
    }

    @Override
    public boolean isDisksFull() {
      return devices.disksFull();
    }

    /** Once the dataset exists, its volumes report the devices' capacity, and the NameNode hears it now. */
    private void reportCapacity() throws IOException {
      if (dataNode.getFSDataset() != null) {
        HadoopInternals.configureVolumes(dataNode.getFSDataset(), devices, devices.settings().volumes());
        HadoopInternals.triggerHeartbeat(dataNode);
      }
    }
  }
}
