/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.sample;

import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;

/**
 * Turns two readings of cumulative counters into per-interval metrics, the way {@code top} and {@code iostat}
 * do from {@code /proc}. Pure: no clock, no I/O.
 *
 * <p>Await needs the time requests spent in the device, which the kernel keeps (the time-weighted field of
 * {@code /proc/diskstats}) but OSHI does not expose. Where a source cannot see it, await is estimated from the
 * busy time per request and the requests in flight at the reading, {@code (busy/ios) * (1 + inFlight)}: a
 * request arriving behind {@code q} others waits for their service and its own. The mean queue length is then
 * the in-flight count at the reading.
 */
public final class Rates {

  private static final double NANOS_PER_SECOND = 1e9;
  private static final double NANOS_PER_MILLI = 1e6;

  private Rates() {}

  /** CPU idle share over the interval and memory at its end; CPU is missing without an earlier reading. */
  public static HostMetrics host(HostCounters earlier, HostCounters now) {
    double memoryFree = now.memoryTotalBytes() > 0
        ? clampPct(100.0 * now.memoryAvailableBytes() / now.memoryTotalBytes()) : Double.NaN;
    long memoryTotal = now.memoryTotalBytes() > 0 ? now.memoryTotalBytes() : -1;
    double idle = Double.NaN;
    if (earlier != null) {
      long total = now.cpuTotalTicks() - earlier.cpuTotalTicks();
      long idleTicks = now.cpuIdleTicks() - earlier.cpuIdleTicks();
      if (total > 0 && idleTicks >= 0) {
        idle = clampPct(100.0 * idleTicks / total);
      }
    }
    return new HostMetrics(idle, memoryFree, memoryTotal);
  }

  /**
   * A volume's metrics over the interval between two readings of the same device. Missing when there is no
   * earlier reading, the device is unavailable or changed, no time passed, or a counter went backwards (the
   * device was reset).
   */
  public static VolumeMetrics volume(VolumeCounters earlier, VolumeCounters now) {
    VolumeRef ref = now.volume();
    if (earlier == null || !comparable(earlier, now)) {
      return VolumeMetrics.missing(ref.storageId(), ref.storageType(), now.device());
    }
    double seconds = (now.atNanos() - earlier.atNanos()) / NANOS_PER_SECOND;
    long ios = now.ios() - earlier.ios();
    long busy = now.busyNanos() - earlier.busyNanos();
    double utilization = clampPct(100.0 * busy / (seconds * NANOS_PER_SECOND));
    double readKb = (now.readBytes() - earlier.readBytes()) / 1024.0 / seconds;
    double writeKb = (now.writeBytes() - earlier.writeBytes()) / 1024.0 / seconds;
    double await;
    double queue;
    if (knowsIoTime(earlier, now)) {
      long ioTime = now.ioNanos() - earlier.ioNanos();
      await = ios == 0 ? 0 : ioTime / NANOS_PER_MILLI / ios;
      queue = ioTime / (seconds * NANOS_PER_SECOND);
    } else {
      long inFlight = Math.max(0, now.inFlight());
      await = ios == 0 ? 0 : busy / NANOS_PER_MILLI / ios * (1 + inFlight);
      queue = now.inFlight() == VolumeCounters.UNKNOWN ? Double.NaN : inFlight;
    }
    return new VolumeMetrics(ref.storageId(), ref.storageType(), now.device(), await, readKb, writeKb,
        utilization, queue);
  }

  private static boolean comparable(VolumeCounters earlier, VolumeCounters now) {
    return earlier.available() && now.available()
        && earlier.device().equals(now.device())
        && now.atNanos() > earlier.atNanos()
        && now.ios() >= earlier.ios()
        && now.readBytes() >= earlier.readBytes()
        && now.writeBytes() >= earlier.writeBytes()
        && now.busyNanos() >= earlier.busyNanos()
        && (!knowsIoTime(earlier, now) || now.ioNanos() >= earlier.ioNanos());
  }

  private static boolean knowsIoTime(VolumeCounters earlier, VolumeCounters now) {
    return now.ioNanos() != VolumeCounters.UNKNOWN && earlier.ioNanos() != VolumeCounters.UNKNOWN;
  }

  private static double clampPct(double pct) {
    return Math.max(0, Math.min(100, pct));
  }
}
