/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.activity;

import java.util.OptionalDouble;

/**
 * How busy a disk was between two counter snapshots. The Replication Manager only needs a number that is higher
 * when foreground work would suffer from a background write; {@link KMeansThreshold} learns where "busy" starts,
 * so neither metric needs a fixed scale.
 */
public enum ActivityMetric {

  /**
   * Mean time per completed request, in milliseconds (thesis §4.2.2). Queueing and seeking show up in it even when
   * concurrent writers drive throughput down. An interval without requests is idle: 0 ms.
   */
  LATENCY {
    @Override
    public OptionalDouble between(DiskCounters earlier, DiskCounters later) {
      if (!DiskCounters.known(earlier.ios(), earlier.ioNanos(), later.ios(), later.ioNanos())
          || !advanced(earlier, later)) {
        return OptionalDouble.empty();
      }
      long requests = later.ios() - earlier.ios();
      long busyNanos = later.ioNanos() - earlier.ioNanos();
      if (requests < 0 || busyNanos < 0) {
        return OptionalDouble.empty(); // counters restarted (device re-attached): no honest difference
      }
      return OptionalDouble.of(requests == 0 ? 0.0 : busyNanos / (double) requests / NANOS_PER_MILLI);
    }
  },

  /**
   * "MemDisk" throughput in bytes per second (thesis §4.6.1): device reads and writes plus the growth rate of dirty
   * page-cache data. Latency stays high while the kernel merely drains the cache after the writers stopped, which
   * would hold replication back for nothing; here the draining cancels out (disk writes up, dirty data down), so
   * only work coming from user space counts. The sum is negative when the cache drains faster than the disk is
   * otherwise used.
   */
  MEMDISK {
    @Override
    public OptionalDouble between(DiskCounters earlier, DiskCounters later) {
      if (!DiskCounters.known(earlier.readBytes(), earlier.writeBytes(), earlier.dirtyBytes(),
          later.readBytes(), later.writeBytes(), later.dirtyBytes()) || !advanced(earlier, later)) {
        return OptionalDouble.empty();
      }
      long read = later.readBytes() - earlier.readBytes();
      long written = later.writeBytes() - earlier.writeBytes();
      if (read < 0 || written < 0) {
        return OptionalDouble.empty(); // counters restarted
      }
      double dirtyChange = (double) later.dirtyBytes() - earlier.dirtyBytes();
      double seconds = (later.timeNanos() - earlier.timeNanos()) / NANOS_PER_SECOND;
      return OptionalDouble.of((read + written + dirtyChange) / seconds);
    }
  };

  private static final double NANOS_PER_MILLI = 1e6;
  private static final double NANOS_PER_SECOND = 1e9;

  /** The activity from {@code earlier} to {@code later}, or empty if a needed counter is unknown or went back. */
  public abstract OptionalDouble between(DiskCounters earlier, DiskCounters later);

  /** Whether the metric can be below zero (only MemDisk: the dirty data can shrink). */
  public boolean canBeNegative() {
    return this == MEMDISK;
  }

  private static boolean advanced(DiskCounters earlier, DiskCounters later) {
    return DiskCounters.known(earlier.timeNanos(), later.timeNanos()) && later.timeNanos() > earlier.timeNanos();
  }
}
