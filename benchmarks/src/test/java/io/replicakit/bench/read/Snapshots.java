/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.device.DeviceSnapshot;
import io.replicakit.testbed.device.VolumeStats;
import java.util.List;
import org.apache.hadoop.fs.StorageType;

/** Fixed device snapshots for the unit tests. */
final class Snapshots {

  static final long SECOND = 1_000_000_000L;

  private Snapshots() {}

  /** A volume's counters: bytes read and busy time so far, at {@code atNanos}. */
  static VolumeStats volume(String node, StorageType type, long readBytes, long busyNanos, long atNanos) {
    return new VolumeStats(node, node + "-" + type, type, readBytes, 0, 0, busyNanos, 0, 0, 0, 0, atNanos);
  }

  static DeviceSnapshot at(long atNanos, long cpuNanos, double weight, VolumeStats... volumes) {
    return new DeviceSnapshot(atNanos, List.of(volumes), cpuNanos, 0.5, weight);
  }
}
