/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.activity;

/**
 * One snapshot of a volume's cumulative I/O counters, as the operating system reports them (on Linux:
 * {@code /proc/diskstats} for the device and {@code Dirty:} of {@code /proc/meminfo}). Counters only grow, except
 * {@code dirtyBytes}, which is a level. Activity is the difference of two snapshots (thesis §4.2.2, §4.6.1).
 *
 * <p>A platform that cannot report a counter gives {@link #UNKNOWN}; a metric that needs it then yields no sample
 * instead of a wrong one.
 *
 * @param ios completed read and write requests since boot
 * @param ioNanos time those requests spent queued and in service, summed over requests
 * @param readBytes bytes read since boot
 * @param writeBytes bytes written since boot
 * @param dirtyBytes page-cache data waiting to be written back now (usually host-wide, not per device)
 * @param timeNanos monotonic time of the snapshot, e.g. {@link System#nanoTime()}
 */
public record DiskCounters(long ios, long ioNanos, long readBytes, long writeBytes, long dirtyBytes,
    long timeNanos) {

  /** Marks a counter the platform does not report. */
  public static final long UNKNOWN = -1;

  /** Whether every one of {@code values} was reported. */
  static boolean known(long... values) {
    for (long v : values) {
      if (v < 0) {
        return false;
      }
    }
    return true;
  }
}
