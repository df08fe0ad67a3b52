/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.device.DeviceSnapshot;
import io.replicakit.testbed.device.VolumeStats;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import org.apache.hadoop.fs.StorageType;

/**
 * What a series of {@link DeviceSnapshot}s taken during one read says: per-storage-type utilization over time
 * (read paper Fig. 4, which plots {@code iostat}'s %util per device), its average over the read (the paper
 * divides the accumulated utilization by the execution time, §4.2.2), and the bytes read from each node and
 * storage type (device counters, so they count what the DataNodes actually read, not what the NameNode
 * suggested). Pure: built from snapshots, no cluster.
 */
public final class UtilizationTimeline {

  /**
   * Bytes an interval must read to count as reading data: TestDFSIO's control files (a few hundred bytes each)
   * are read at the job's start and do not make it part of the read.
   */
  static final long ACTIVE_BYTES = 64 * 1024;

  private final List<DeviceSnapshot> snapshots;

  /** @param snapshots in time order; at least two for any rate */
  public UtilizationTimeline(List<DeviceSnapshot> snapshots) {
    this.snapshots = List.copyOf(snapshots);
  }

  public boolean isEmpty() {
    return snapshots.size() < 2;
  }

  /** Seconds since the first snapshot at the end of each interval. */
  public List<Double> seconds() {
    List<Double> t = new ArrayList<>();
    for (int i = 1; i < snapshots.size(); i++) {
      t.add((snapshots.get(i).atNanos() - first().atNanos()) / 1e9);
    }
    return t;
  }

  /** Mean utilization (0..100 %) of the volumes of {@code type} in each interval. */
  public List<Double> utilizationPct(StorageType type) {
    List<Double> u = new ArrayList<>();
    for (int i = 1; i < snapshots.size(); i++) {
      u.add(meanUtilizationPct(snapshots.get(i - 1), snapshots.get(i), type));
    }
    return u;
  }

  /** Mean utilization (0..100 %) of the volumes of DataNode {@code node} in each interval. */
  public List<Double> nodeUtilizationPct(String node) {
    List<Double> u = new ArrayList<>();
    for (int i = 1; i < snapshots.size(); i++) {
      u.add(meanUtilizationPct(snapshots.get(i - 1), snapshots.get(i), v -> v.node().equals(node)));
    }
    return u;
  }

  /** The DataNodes in the snapshots, by name. */
  public List<String> nodes() {
    return isEmpty() ? List.of() : last().volumes().stream().map(VolumeStats::node).distinct().sorted().toList();
  }

  /** Mean utilization (0..100 %) of the volumes of {@code type} over the whole timeline; NaN without any. */
  public double averagePct(StorageType type) {
    return isEmpty() ? Double.NaN : meanUtilizationPct(first(), last(), type);
  }

  /** The policy's weight at each interval's end (NaN where it has none). */
  public List<Double> weights() {
    List<Double> w = new ArrayList<>();
    for (int i = 1; i < snapshots.size(); i++) {
      w.add(snapshots.get(i).weight());
    }
    return w;
  }

  public double durationSeconds() {
    return isEmpty() ? 0 : (last().atNanos() - first().atNanos()) / 1e9;
  }

  /** Bytes the DataNodes read from every volume between the first and the last snapshot. */
  public long bytesRead() {
    return bytesRead(v -> true);
  }

  public long bytesRead(StorageType type) {
    return bytesRead(v -> v.type() == type);
  }

  public long bytesReadOnNode(String node) {
    return bytesRead(v -> v.node().equals(node));
  }

  /**
   * Seconds from the start of the first interval in which the devices read at least {@link #ACTIVE_BYTES} to the
   * end of the last one: the time data was flowing, without the job's start-up and wind-down.
   */
  public double readSpanSeconds() {
    int firstActive = -1;
    int lastActive = -1;
    for (int i = 1; i < snapshots.size(); i++) {
      if (readDelta(snapshots.get(i - 1), snapshots.get(i)) >= ACTIVE_BYTES) {
        lastActive = i;
        if (firstActive < 0) {
          firstActive = i;
        }
      }
    }
    if (firstActive < 0) {
      return 0;
    }
    return (snapshots.get(lastActive).atNanos() - snapshots.get(firstActive - 1).atNanos()) / 1e9;
  }

  /** CPU cores this JVM kept busy on average (cluster and client share it). */
  public double jvmCpuCores() {
    if (isEmpty()) {
      return Double.NaN;
    }
    long wall = last().atNanos() - first().atNanos();
    return wall <= 0 ? Double.NaN : (last().processCpuNanos() - first().processCpuNanos()) / (double) wall;
  }

  /** The machine's mean CPU load in percent over the snapshots, other processes included. */
  public double machineCpuPct() {
    return snapshots.stream().mapToDouble(DeviceSnapshot::machineCpuLoad).filter(v -> v >= 0).average()
        .orElse(Double.NaN) * 100;
  }

  private long bytesRead(Predicate<VolumeStats> which) {
    return isEmpty() ? 0 : last().readBytesSince(first(), which);
  }

  private static long readDelta(DeviceSnapshot from, DeviceSnapshot to) {
    return to.readBytesSince(from, v -> true);
  }

  static double meanUtilizationPct(DeviceSnapshot from, DeviceSnapshot to, StorageType type) {
    return meanUtilizationPct(from, to, v -> v.type() == type);
  }

  private static double meanUtilizationPct(DeviceSnapshot from, DeviceSnapshot to, Predicate<VolumeStats> which) {
    return to.meanUtilizationPctSince(from, which);
  }

  private DeviceSnapshot first() {
    return snapshots.get(0);
  }

  private DeviceSnapshot last() {
    return snapshots.get(snapshots.size() - 1);
  }
}
