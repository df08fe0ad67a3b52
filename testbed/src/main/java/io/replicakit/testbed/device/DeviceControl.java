/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.time.Duration;
import java.util.List;

/**
 * The emulated devices of one DataNode as an experiment drives them, wherever the DataNode runs: in the
 * experiment's own JVM ({@link NodeDevices}) or in a DataNode process of its own, reached over JMX. Experiments
 * read counters and apply disturbances through this interface, so the same code runs in both cluster modes.
 */
public interface DeviceControl {

  /** The DataNode's testbed name ({@code dn01}). */
  String name();

  /** Counters of every volume the DataNode has opened, at this instant. */
  List<VolumeStats> stats();

  /** Runs every device at {@code factor} (0, 1] of its speed for {@code duration}; replaces an earlier window. */
  void slowDown(double factor, Duration duration);

  /** Ends a slowdown window early. */
  void restoreSpeed();

  /** Reports the node's CPU and memory as busy for {@code duration} (emulated in its metrics only). */
  void stressHost(double cpuBusyPct, double memoryUsedPct, Duration duration);

  /** Ends a host stress early. */
  void endHostStress();

  /**
   * Offers {@code mibPerSec} of background I/O to every volume of the node for {@code duration}, drawn from the
   * same token buckets as the DataNode's own I/O. Close the handle to stop early.
   */
  Load startLoad(double mibPerSec, Duration duration);

  /** A running background load. */
  interface Load extends AutoCloseable {

    /** Stops the load; returns once it no longer takes device time. */
    @Override
    void close();
  }
}
