/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.daemon;

import io.replicakit.testbed.device.VolumeStats;
import java.io.IOException;
import java.util.List;

/**
 * A DataNode process's emulated devices as the harness drives them over JMX
 * ({@value DataNodeControlPlugin#OBJECT_NAME}): the operations of
 * {@link io.replicakit.testbed.device.DeviceControl}, with durations in milliseconds, plus full disks.
 */
public interface DataNodeControlMBean {

  String getNodeName();

  List<VolumeStats> stats();

  void slowDown(double factor, long millis);

  void restoreSpeed();

  void stressHost(double cpuBusyPct, double memoryUsedPct, long millis);

  void endHostStress();

  /** Starts background load on every volume; returns its handle for {@link #stopLoad}. */
  long startLoad(double mibPerSec, long millis);

  void stopLoad(long handle);

  /** Fills every disk and has the DataNode report it to the NameNode now. */
  void fillDisks() throws IOException;

  /** Frees every disk again and reports it now. */
  void clearDisks() throws IOException;

  boolean isDisksFull();
}
