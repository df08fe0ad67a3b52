/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import io.replicakit.pfimbi.activity.DiskCounters;
import java.util.function.LongSupplier;

/**
 * The host's dirty page-cache data (Linux's {@code Dirty:}), for MemDisk's dirty term (thesis §4.6.1), and the level
 * above which the host's flushers write it out in the background (Linux's {@code dirty_background} threshold), for
 * the dirty-pressure rule: above that level the disk is already behind on written data, so a background copy,
 * which lands in the same page cache, would only push the foreground writers towards the hard limit where the kernel
 * makes them wait. Either figure may be {@link DiskCounters#UNKNOWN}.
 */
public interface DirtyData {

  /**
   * One reading of both figures, taken together.
   *
   * @param dirtyBytes Linux's {@code Dirty:}, or unknown
   * @param backgroundBytes the background write-back threshold, or unknown
   */
  record Sample(long dirtyBytes, long backgroundBytes) {

    /** Whether the dirty data is at or above the threshold, both known: the flushers are behind. */
    public boolean pressure() {
      return backgroundBytes > 0 && dirtyBytes != DiskCounters.UNKNOWN && dirtyBytes >= backgroundBytes;
    }
  }

  /** No page-cache figures: MemDisk counts the devices only, and there is never dirty pressure. */
  DirtyData NONE = () -> new Sample(0, DiskCounters.UNKNOWN);

  /** Both figures now, read once each (one sample per activity interval). */
  Sample sample();

  static DirtyData of(LongSupplier dirtyBytes, LongSupplier backgroundBytes) {
    return () -> new Sample(dirtyBytes.getAsLong(), backgroundBytes.getAsLong());
  }
}
