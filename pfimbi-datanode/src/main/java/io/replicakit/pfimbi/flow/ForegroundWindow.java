/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

/**
 * How long after foreground writers were last seen a Replication Manager still protects them from its background
 * copies in the page cache (ours; the thesis does not say how its copies were written).
 *
 * <p>Why: on a node with write-back a copy lands in the page cache as dirty data, and a foreground writer that
 * comes back while it is still dirty finds less room before the kernel makes it wait ({@code vm.dirty_ratio}). In
 * the testbed's two-job runs most of the second job's time above the thesis's was that wait: copies made right
 * after the first job, below the flushers' threshold, were still dirty when the second job wrote
 * (docs/experiments/pfimbi.md). Within the window a copy is synced as it is stored ({@link #syncCopies}): it holds
 * the disk for its own length, so the manager cannot run ahead of the disk, and it leaves nothing dirty behind; and
 * while the host's dirty data is above the flushers' threshold copies wait ({@link #holdOnDirtyPressure},
 * {@link FlowRegulator#onDirtyPressure}).
 *
 * <p>Once no foreground work has been seen for the window, there is nothing to protect: copies are written into
 * the page cache like any other write, and the kernel's write-back orders them with everything else. Protecting
 * all the time left the work span at 1.06-1.20x HDFS's in the testbed (0.94-1.05x with the window): the copies
 * synced or held back after the writers had left made the node end its run with less dirty data than HDFS's
 * (whose last pipelines fill the cache), so the span counted disk work HDFS's did not.
 *
 * <p>Foreground work is a sample whose activity is above the learned threshold ({@link FlowRegulator#activityBusy}),
 * not dirty data above the flushers' threshold alone, which outlasts the writers by as long as the disks need to
 * catch up. Pure: the caller passes the time. Thread-safe.
 */
public final class ForegroundWindow {

  private final long windowMs;
  private boolean seen;
  private long lastForegroundMs;

  /**
   * @param windowMs how long after foreground work the manager protects it; 0: no window, so copies are never
   *     synced and the dirty-pressure hold always applies (Pfimbi before the window existed)
   */
  public ForegroundWindow(long windowMs) {
    if (windowMs < 0) {
      throw new IllegalArgumentException("windowMs must be >= 0, was " + windowMs);
    }
    this.windowMs = windowMs;
  }

  /** One activity sample at {@code nowMs}: whether it showed foreground work. */
  public synchronized void onSample(boolean foregroundWork, long nowMs) {
    if (foregroundWork) {
      seen = true;
      lastForegroundMs = nowMs;
    }
  }

  /** Whether a copy stored at {@code nowMs} is synced to disk. */
  public synchronized boolean syncCopies(long nowMs) {
    return windowMs > 0 && open(nowMs);
  }

  /** Whether dirty data above the flushers' threshold holds copies back at {@code nowMs}. */
  public synchronized boolean holdOnDirtyPressure(long nowMs) {
    return windowMs == 0 || open(nowMs);
  }

  private boolean open(long nowMs) {
    return seen && nowMs - lastForegroundMs <= windowMs;
  }
}
