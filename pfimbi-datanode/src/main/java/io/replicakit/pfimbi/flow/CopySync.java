/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

/**
 * Whether the next background copy is synced to disk as it is stored, or left to the kernel's write-back (ours;
 * the thesis does not say how its copies were written).
 *
 * <p>Why: on a node with write-back a copy lands in the page cache as dirty data, and a foreground writer that
 * comes back while it is still dirty finds less room before the kernel makes it wait ({@code vm.dirty_ratio}). In
 * the testbed's two-job runs most of the second job's time above the thesis's was that wait: copies made right
 * after the first job, below the flushers' threshold, still dirty when the second job wrote
 * (docs/experiments/pfimbi.md). A synced copy holds the disk for its own length instead, so the manager cannot
 * run ahead of the disk, and it leaves nothing behind in the cache. On a quiet node the sync buys nothing and
 * costs the disk's freedom to order the copy with everything else, so copies are synced only within
 * {@code windowMs} of the last sample whose activity was above the learned threshold
 * ({@link FlowRegulator#activityBusy}). Dirty data above the flushers' threshold alone does not count: it outlasts
 * the writers by as long as the disks need to catch up, and copies synced all that time left the node less dirty
 * than HDFS's at the end of a run, so the work span counted disk work HDFS's did not (6-20 % longer).
 *
 * <p>Pure: the caller passes the time. Thread-safe.
 */
public final class CopySync {

  private final long windowMs;
  private boolean seen;
  private long lastForegroundMs;

  /** @param windowMs how long after foreground activity copies are synced; 0 never syncs (HDFS's behaviour) */
  public CopySync(long windowMs) {
    if (windowMs < 0) {
      throw new IllegalArgumentException("windowMs must be >= 0, was " + windowMs);
    }
    this.windowMs = windowMs;
  }

  /** One activity sample at {@code nowMs}: whether it showed foreground work. */
  public synchronized void onSample(boolean foregroundActive, long nowMs) {
    if (foregroundActive) {
      seen = true;
      lastForegroundMs = nowMs;
    }
  }

  /** Whether a copy stored at {@code nowMs} is synced. */
  public synchronized boolean syncAt(long nowMs) {
    return windowMs > 0 && seen && nowMs - lastForegroundMs <= windowMs;
  }
}
