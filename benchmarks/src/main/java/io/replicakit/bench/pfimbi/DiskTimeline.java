/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.bench.device.DeviceSnapshot;
import io.replicakit.testbed.device.VolumeStats;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * What the DataNodes' disks did during one variant's run, from device snapshots taken from the first job's start
 * (thesis Fig. 5.10 plots one node's disk throughput; §5.5 explains Pfimbi's longer work span by the disk's idle
 * periods, §5.6 counts the disk reads that forwarding blocks no longer cached costs). Utilization is the share of
 * time the devices spent serving requests, flushes of dirty data included; dirty bytes are the data written but not
 * yet on the devices (write-back). Pure: built from snapshots, no cluster.
 */
final class DiskTimeline {

  private static final double MIB = 1 << 20;

  private final List<DeviceSnapshot> snapshots;

  /** @param snapshots in time order, the first taken when the first job started */
  DiskTimeline(List<DeviceSnapshot> snapshots) {
    this.snapshots = List.copyOf(snapshots);
  }

  /** Seconds since the first snapshot, at each snapshot. */
  List<Double> seconds() {
    List<Double> t = new ArrayList<>();
    for (DeviceSnapshot s : snapshots) {
      t.add(secondsAt(s));
    }
    return t;
  }

  /**
   * Mean utilization (0..100 %) of all volumes in each interval, at each snapshot (the first, with no interval
   * before it, as 0).
   */
  List<Double> busyPct() {
    List<Double> u = new ArrayList<>();
    for (int i = 0; i < snapshots.size(); i++) {
      u.add(i == 0 ? 0 : busyPct(snapshots.get(i - 1), snapshots.get(i)));
    }
    return u;
  }

  /** Dirty data per DataNode in MiB, averaged over the DataNodes, at each snapshot. */
  List<Double> meanDirtyMib() {
    List<Double> d = new ArrayList<>();
    for (DeviceSnapshot s : snapshots) {
      long nodes = s.volumes().stream().map(VolumeStats::node).distinct().count();
      d.add(nodes == 0 ? 0 : s.volumes().stream().mapToLong(VolumeStats::dirtyBytes).sum() / MIB / nodes);
    }
    return d;
  }

  /** Mean utilization (0..100 %) of all volumes from the first snapshot to {@code untilSeconds}; NaN if none. */
  double meanBusyPct(double untilSeconds) {
    DeviceSnapshot end = lastAtOrBefore(untilSeconds);
    return end == null || end == snapshots.get(0) ? Double.NaN : busyPct(snapshots.get(0), end);
  }

  /**
   * The machine's mean CPU load (0..100 %, every process, as the snapshots saw it) from the first snapshot to
   * {@code untilSeconds}; NaN without a snapshot in that time. The cluster, its clients and the samplers share this
   * machine's cores, so a phase that saturates them is bound by CPU rather than by the emulated devices.
   */
  double meanCpuPct(double untilSeconds) {
    return 100 * snapshots.stream().filter(s -> secondsAt(s) <= untilSeconds)
        .mapToDouble(DeviceSnapshot::machineCpuLoad).filter(l -> l >= 0).average().orElse(Double.NaN);
  }

  /** Bytes the devices read for DataNodes from the first snapshot to {@code untilSeconds} (not the page cache's). */
  double readMib(double untilSeconds) {
    DeviceSnapshot end = lastAtOrBefore(untilSeconds);
    return end == null ? Double.NaN : end.readBytesSince(snapshots.get(0), v -> true) / MIB;
  }

  /** Data written but not yet on the devices at {@code seconds}, over all DataNodes, in MiB. */
  double dirtyMib(double seconds) {
    DeviceSnapshot at = lastAtOrBefore(seconds);
    return at == null ? Double.NaN : sum(at, VolumeStats::dirtyBytes) / MIB;
  }

  private DeviceSnapshot lastAtOrBefore(double seconds) {
    DeviceSnapshot found = null;
    for (DeviceSnapshot s : snapshots) {
      if (secondsAt(s) > seconds) {
        break;
      }
      found = s;
    }
    return found;
  }

  private double secondsAt(DeviceSnapshot s) {
    return (s.atNanos() - snapshots.get(0).atNanos()) / 1e9;
  }

  /** Each volume's utilization between the snapshots (its own clock), averaged over the volumes; 0 if none. */
  private static double busyPct(DeviceSnapshot from, DeviceSnapshot to) {
    double pct = to.meanUtilizationPctSince(from, v -> true);
    return Double.isNaN(pct) ? 0 : pct;
  }

  private static long sum(DeviceSnapshot s, ToLongFunction<VolumeStats> counter) {
    return s.volumes().stream().mapToLong(counter).sum();
  }
}
