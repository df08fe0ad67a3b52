/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.device;

import io.replicakit.testbed.device.VolumeStats;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

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

  /**
   * Mean utilization (0..100 %) between {@code earlier} and this snapshot of the volumes {@code which} selects,
   * each measured on its own clock ({@link VolumeStats#utilizationSince}); NaN when no selected volume is in both.
   */
  public double meanUtilizationPctSince(DeviceSnapshot earlier, Predicate<VolumeStats> which) {
    Map<String, VolumeStats> before = earlier.byVolume();
    double sum = 0;
    int count = 0;
    for (VolumeStats v : volumes) {
      VolumeStats b = before.get(key(v));
      if (which.test(v) && b != null) {
        sum += v.utilizationSince(b);
        count++;
      }
    }
    return count == 0 ? Double.NaN : 100 * sum / count;
  }

  /** Bytes the volumes {@code which} selects read from their devices since {@code earlier} (all, if new since). */
  public long readBytesSince(DeviceSnapshot earlier, Predicate<VolumeStats> which) {
    Map<String, VolumeStats> before = earlier.byVolume();
    long sum = 0;
    for (VolumeStats v : volumes) {
      VolumeStats b = before.get(key(v));
      if (which.test(v)) {
        sum += v.readBytes() - (b == null ? 0 : b.readBytes());
      }
    }
    return sum;
  }

  private Map<String, VolumeStats> byVolume() {
    Map<String, VolumeStats> map = new HashMap<>();
    volumes.forEach(v -> map.put(key(v), v));
    return map;
  }

  private static String key(VolumeStats v) {
    return v.node() + "/" + v.storageId();
  }
}
