/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import io.replicakit.testbed.daemon.DataNodeControlMBean;
import io.replicakit.testbed.daemon.DataNodeControlPlugin;
import io.replicakit.testbed.device.DeviceControl;
import io.replicakit.testbed.device.VolumeStats;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;

/**
 * The emulated devices of a DataNode that runs in its own process, driven over its JMX agent. Each call goes to
 * the DataNode process running now: after a restart its devices, and their counters, are new ones.
 */
public final class RemoteDevices implements DeviceControl {

  /** Where the running DataNode's JMX agent is; throws when the node is down. */
  @FunctionalInterface
  public interface Connection {
    DaemonJmx current() throws IOException;
  }

  private final String name;
  private final Connection connection;

  public RemoteDevices(String name, Connection connection) {
    this.name = name;
    this.connection = connection;
  }

  private DataNodeControlMBean control() {
    try {
      return connection.current().proxy(DataNodeControlPlugin.OBJECT_NAME, DataNodeControlMBean.class);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot reach the devices of DataNode " + name + ": " + e.getMessage(), e);
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public List<VolumeStats> stats() {
    return control().stats();
  }

  @Override
  public void slowDown(double factor, Duration duration) {
    control().slowDown(factor, duration.toMillis());
  }

  @Override
  public void restoreSpeed() {
    control().restoreSpeed();
  }

  @Override
  public void stressHost(double cpuBusyPct, double memoryUsedPct, Duration duration) {
    control().stressHost(cpuBusyPct, memoryUsedPct, duration.toMillis());
  }

  @Override
  public void endHostStress() {
    control().endHostStress();
  }

  @Override
  public Load startLoad(double mibPerSec, Duration duration) {
    DataNodeControlMBean control = control();
    long handle = control.startLoad(mibPerSec, duration.toMillis());
    return () -> {
      try {
        control.stopLoad(handle);
      } catch (java.lang.reflect.UndeclaredThrowableException e) {
        // The DataNode process is gone, and its load with it.
      }
    };
  }

  /** Fills every disk of the node (the NameNode hears of it before this returns). */
  public void fillDisks() throws IOException {
    control().fillDisks();
  }

  /** Frees the node's disks again. */
  public void clearDisks() throws IOException {
    control().clearDisks();
  }
}
