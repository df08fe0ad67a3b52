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

  /** No page-cache figures: MemDisk counts the devices only, and there is never dirty pressure. */
  DirtyData NONE = of(() -> 0, () -> DiskCounters.UNKNOWN);

  long dirtyBytes();

  long backgroundBytes();

  /** Whether {@code dirtyBytes} is at or above {@code backgroundBytes}, both known: the flushers are behind. */
  static boolean pressure(long dirtyBytes, long backgroundBytes) {
    return backgroundBytes > 0 && dirtyBytes != DiskCounters.UNKNOWN && dirtyBytes >= backgroundBytes;
  }

  static DirtyData of(LongSupplier dirtyBytes, LongSupplier backgroundBytes) {
    return new DirtyData() {
      @Override
      public long dirtyBytes() {
        return dirtyBytes.getAsLong();
      }

      @Override
      public long backgroundBytes() {
        return backgroundBytes.getAsLong();
      }
    };
  }
}
