/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.device;

import io.replicakit.testbed.device.VolumeStats;
import java.util.List;

/**
 * Every DataNode's emulated-device counters at one instant, with the JVM's CPU time and the round-robin weight
 * the NameNode's read policy is using, as {@code iostat} samples {@code /proc/diskstats}: rates come from the
 * difference of two snapshots.
 *
 * @param atNanos when the snapshot was taken (System.nanoTime)
 * @param volumes counters of every emulated volume of every DataNode
 * @param processCpuNanos CPU time this JVM (cluster and client) has used so far
 * @param machineCpuLoad the whole machine's recent CPU load, 0..1 (other processes included)
 * @param weight the read policy's current fast-to-slow weight, NaN when it has none
 */
public record DeviceSnapshot(long atNanos, List<VolumeStats> volumes, long processCpuNanos, double machineCpuLoad,
    double weight) {

  public DeviceSnapshot {
    volumes = List.copyOf(volumes);
  }
}
