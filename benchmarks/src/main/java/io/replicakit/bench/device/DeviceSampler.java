/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.device;

import com.sun.management.OperatingSystemMXBean;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.process.ProcessCpu;
import io.replicakit.testbed.device.VolumeStats;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Takes a {@link DeviceSnapshot} of every DataNode's emulated devices at a fixed period on a daemon thread while
 * a workload runs, as the read paper ran {@code iostat} during its benchmarks (§4.2.2) and the Pfimbi thesis
 * plotted a node's disk throughput (Fig. 5.10). Start it right before the workload and close it right after: the
 * first and last snapshots bracket it.
 */
public final class DeviceSampler implements AutoCloseable {

  /** The period of the utilization-over-time figures: fine enough for reads of a few seconds. */
  public static final Duration PERIOD = Duration.ofMillis(250);

  private final Cluster cluster;
  private final DoubleSupplier weight;
  private final OperatingSystemMXBean os =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private final List<DeviceSnapshot> snapshots = new ArrayList<>();
  private final Thread thread;
  private volatile boolean stopped;

  private DeviceSampler(Cluster cluster, DoubleSupplier weight) {
    this.cluster = cluster;
    this.weight = weight;
    this.thread = new Thread(this::loop, "replicakit-device-sampler");
    this.thread.setDaemon(true);
  }

  /**
   * Takes the first snapshot now and the next ones every {@link #PERIOD}.
   *
   * @param weight the read policy's current weight, recorded in each snapshot
   */
  public static DeviceSampler start(Cluster cluster, DoubleSupplier weight) {
    DeviceSampler sampler = new DeviceSampler(cluster, weight);
    sampler.take();
    sampler.thread.start();
    return sampler;
  }

  /** Takes the first snapshot now and the next ones every {@link #PERIOD}, with no read policy weight (NaN). */
  public static DeviceSampler start(Cluster cluster) {
    return start(cluster, () -> Double.NaN);
  }

  /**
   * Waits until no DataNode holds written data that is not yet on its devices (the emulated write-back), so that a
   * measurement after a setup write starts from the same state for every variant; false after {@code timeout}.
   */
  public static boolean awaitFlushed(Cluster cluster, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (dirtyBytes(cluster) > 0) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(100);
    }
    return true;
  }

  private static long dirtyBytes(Cluster cluster) {
    long sum = 0;
    for (DataNodeSpec dn : cluster.spec().dataNodes()) {
      sum += cluster.devices(dn.name()).stats().stream().mapToLong(VolumeStats::dirtyBytes).sum();
    }
    return sum;
  }

  /** Stops sampling after one last snapshot and returns every snapshot, in time order. */
  public List<DeviceSnapshot> finish() {
    close();
    return snapshots();
  }

  /** The snapshots taken so far, in time order (sampling goes on). */
  public List<DeviceSnapshot> snapshots() {
    synchronized (snapshots) {
      return List.copyOf(snapshots);
    }
  }

  @Override
  public void close() {
    if (stopped) {
      return;
    }
    stopped = true;
    thread.interrupt();
    try {
      thread.join(5000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    take();
  }

  private void loop() {
    long next = System.nanoTime() + PERIOD.toNanos();
    while (!stopped) {
      long sleep = next - System.nanoTime();
      try {
        if (sleep > 0) {
          Thread.sleep(sleep / 1_000_000, (int) (sleep % 1_000_000));
        }
      } catch (InterruptedException e) {
        return;
      }
      take();
      next += PERIOD.toNanos();
    }
  }

  private void take() {
    List<VolumeStats> volumes = new ArrayList<>();
    for (DataNodeSpec dn : cluster.spec().dataNodes()) {
      volumes.addAll(cluster.devices(dn.name()).stats());
    }
    DeviceSnapshot s = new DeviceSnapshot(System.nanoTime(), volumes, ProcessCpu.nanos(), os.getCpuLoad(),
        weight.getAsDouble());
    synchronized (snapshots) {
      snapshots.add(s);
    }
  }
}
