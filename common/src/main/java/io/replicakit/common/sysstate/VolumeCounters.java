/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.sysstate;

import java.util.Objects;

/**
 * Cumulative I/O counters of the device behind one volume at one instant. A source that cannot observe a
 * counter reports {@link #UNKNOWN} for it; a volume whose device cannot be found at all is
 * {@link #unavailable unavailable}, and consumers treat its metrics as missing rather than as zero.
 *
 * @param volume the volume
 * @param device the device the counters are of (e.g. {@code /dev/sdb}); several volumes may share one
 * @param ios completed read and write requests
 * @param readBytes bytes read
 * @param writeBytes bytes written
 * @param busyNanos time the device had at least one request in service ({@code io_ticks}), for utilization
 * @param ioNanos time requests spent queued and in service, summed over requests, for await and the mean queue
 *     length; {@link #UNKNOWN} where the source cannot see it
 * @param inFlight requests in the device right now; {@link #UNKNOWN} where the source cannot see it
 * @param atNanos when the reading was taken ({@link System#nanoTime()} scale)
 */
public record VolumeCounters(
    VolumeRef volume,
    String device,
    long ios,
    long readBytes,
    long writeBytes,
    long busyNanos,
    long ioNanos,
    long inFlight,
    long atNanos) {

  /** Marks a counter the source cannot observe. */
  public static final long UNKNOWN = -1;

  public VolumeCounters {
    Objects.requireNonNull(volume, "volume");
    Objects.requireNonNull(device, "device");
  }

  /** A volume whose device the source could not find: no counters at all. */
  public static VolumeCounters unavailable(VolumeRef volume, long atNanos) {
    return new VolumeCounters(volume, "", UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN, atNanos);
  }

  public boolean available() {
    return ios != UNKNOWN;
  }
}
