/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.sysstate;

import java.util.List;

/**
 * Reads the I/O counters of the devices behind a DataNode's volumes. Called once per sampling interval from one
 * thread; the volume list may change between calls (hot-swapped disks).
 */
public interface VolumeSource extends AutoCloseable {

  /** One entry per volume, in the order given; {@link VolumeCounters#unavailable} where no device is found. */
  List<VolumeCounters> read(List<VolumeRef> volumes);

  /**
   * The host's dirty page-cache bytes (Linux's {@code Dirty:} line) where this source models the host's memory
   * itself, as the testbed's emulated nodes do (each its own machine, inside one JVM); {@link VolumeCounters#UNKNOWN}
   * for sources of real devices, whose host's {@code /proc/meminfo} is the figure to read.
   */
  default long dirtyBytes() {
    return VolumeCounters.UNKNOWN;
  }

  /**
   * Where {@link #dirtyBytes} is known: the dirty data above which the host's flushers write in the background
   * (Linux's {@code dirty_background} threshold); {@link VolumeCounters#UNKNOWN} where the source does not model it.
   */
  default long dirtyBackgroundBytes() {
    return VolumeCounters.UNKNOWN;
  }

  @Override
  default void close() {}
}
