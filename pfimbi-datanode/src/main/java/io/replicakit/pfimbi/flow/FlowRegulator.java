/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

import io.replicakit.pfimbi.activity.KMeansThreshold;

/**
 * The Flow Regulator of one storage type (thesis §4.7): decides whether the writer may flush the next buffered
 * background block now. Background writes go when the disk looks idle (§4.2.1, activity below the learned
 * threshold), and, so that a disk that stays busy for long cannot starve replication, also after every
 * {@code guaranteedShareForegroundBlocks} foreground blocks whatever the activity (§4.2.4; 0 disables this).
 *
 * <p>Beyond the thesis, "idle" can be asked to last: {@code idleSamples} consecutive idle samples (1 is the
 * thesis's rule). A background block holds the disk for its whole length (a 128 MiB block about a second on a
 * hard disk), so starting one in the short gap between a foreground writer's blocks makes that writer wait when
 * it returns; a streak of idle samples filters those gaps and keeps the longer idle periods.
 *
 * <p>Inputs arrive from other threads: activity samples from the monitor, the DataNode's cumulative count of
 * foreground blocks, and the writer's report of each background write. Thread-safe.
 */
public final class FlowRegulator {

  private final KMeansThreshold threshold;
  private final long guaranteedShareForegroundBlocks;
  private final int idleSamples;
  private int idleStreak;
  private boolean dirtyPressure;
  private double latestActivity = Double.NaN;
  private long lastForegroundCount = -1;
  private long foregroundSinceBackground;

  /**
   * @param threshold learns the busy/idle boundary from the samples given to {@link #onActivity}
   * @param guaranteedShareForegroundBlocks foreground blocks after which one background block may be written
   *     regardless of activity; 0 turns the guarantee off
   */
  public FlowRegulator(KMeansThreshold threshold, long guaranteedShareForegroundBlocks) {
    this(threshold, guaranteedShareForegroundBlocks, 1);
  }

  /**
   * @param idleSamples consecutive idle samples before the disk counts as idle, >= 1 (1: the thesis's rule)
   */
  public FlowRegulator(KMeansThreshold threshold, long guaranteedShareForegroundBlocks, int idleSamples) {
    if (idleSamples < 1) {
      throw new IllegalArgumentException("idleSamples must be >= 1, was " + idleSamples);
    }
    this.idleSamples = idleSamples;
    if (threshold == null) {
      throw new IllegalArgumentException("threshold must not be null");
    }
    if (guaranteedShareForegroundBlocks < 0) {
      throw new IllegalArgumentException("guaranteedShareForegroundBlocks must be >= 0, was "
          + guaranteedShareForegroundBlocks);
    }
    this.threshold = threshold;
    this.guaranteedShareForegroundBlocks = guaranteedShareForegroundBlocks;
  }

  /**
   * A new activity sample: it trains the threshold and becomes the activity the next decisions compare with.
   * NaN and infinities are ignored (returns false) and the previous sample stays in force.
   */
  public synchronized boolean onActivity(double activity) {
    if (!threshold.observe(activity)) {
      return false;
    }
    latestActivity = activity;
    idleStreak = isIdle(activity) ? idleStreak + 1 : 0;
    return true;
  }

  /**
   * Whether the host's dirty data is at or above its background write-back threshold (as of the latest sample).
   * Beyond the thesis, for hosts with write-back: while it holds the disk counts as busy whatever the activity,
   * because a background copy would land in the same page cache and bring the foreground writers closer to the
   * kernel's hard limit, where they wait; the disk meanwhile is busy writing what is already dirty.
   */
  public synchronized void onDirtyPressure(boolean pressure) {
    dirtyPressure = pressure;
    if (pressure) {
      idleStreak = 0;
    }
  }

  /** The counters stopped answering: decide as before the first sample until a new one arrives. */
  public synchronized void onActivityUnknown() {
    latestActivity = Double.NaN;
    idleStreak = 0;
  }

  /**
   * The DataNode's cumulative count of foreground blocks written. The first call only sets the baseline (blocks
   * from before the regulator existed earn no share). A count lower than the previous one means the counter
   * restarted from zero, so all of it is new.
   */
  public synchronized void onForegroundBlocks(long cumulativeCount) {
    if (cumulativeCount < 0) {
      throw new IllegalArgumentException("cumulativeCount must be >= 0, was " + cumulativeCount);
    }
    if (lastForegroundCount >= 0) {
      long added = cumulativeCount >= lastForegroundCount ? cumulativeCount - lastForegroundCount : cumulativeCount;
      foregroundSinceBackground = saturatingAdd(foregroundSinceBackground, added);
    }
    lastForegroundCount = cumulativeCount;
  }

  /**
   * Whether the latest sample shows foreground work: a background write started on an idle disk pauses between
   * packets while this holds, so a foreground writer that comes back waits for one packet, not a whole block.
   */
  public synchronized boolean foregroundActive() {
    return dirtyPressure || activityBusy();
  }

  /**
   * Whether the latest sample's activity is above the learned threshold: foreground writers at work, as opposed
   * to {@link #foregroundActive}, which also counts the host's dirty data above its background threshold (that can
   * last long after the writers left, while the flushers catch up).
   */
  public synchronized boolean activityBusy() {
    return !Double.isNaN(latestActivity) && !isIdle(latestActivity);
  }

  /** No activity at all, or below the learned threshold. */
  private boolean isIdle(double activity) {
    return activity <= 0 || !threshold.isBusy(activity);
  }

  /** A background block was written to disk: the guaranteed share starts counting again. */
  public synchronized void onBackgroundWritten() {
    foregroundSinceBackground = 0;
  }

  /**
   * Whether a background block may be written now, and why. No activity at all (0 or less) is idle whatever the
   * clusters say: Algorithm 1 only splits the samples it has seen, and once its low cluster is pulled below zero
   * (MemDisk while the page cache drains) the threshold can fall below an idle disk's 0; the regulator would then
   * hold background writes back forever on a disk nobody uses.
   */
  public synchronized FlushDecision decide() {
    if (Double.isNaN(latestActivity)) {
      return FlushDecision.NO_ACTIVITY_SAMPLE;
    }
    if (!dirtyPressure && isIdle(latestActivity) && idleStreak >= idleSamples) {
      return FlushDecision.IDLE;
    }
    if (guaranteeDue()) {
      return FlushDecision.GUARANTEED_SHARE;
    }
    return dirtyPressure ? FlushDecision.DIRTY_PRESSURE : FlushDecision.BUSY;
  }

  /** Shorthand for {@code decide().allowed()}. */
  public boolean mayFlush() {
    return decide().allowed();
  }

  /** Foreground blocks observed since the last background write. */
  public synchronized long foregroundSinceBackground() {
    return foregroundSinceBackground;
  }

  /** The sample the decisions use, NaN before the first one. */
  public synchronized double latestActivity() {
    return latestActivity;
  }

  public KMeansThreshold threshold() {
    return threshold;
  }

  private boolean guaranteeDue() {
    return guaranteedShareForegroundBlocks > 0 && foregroundSinceBackground >= guaranteedShareForegroundBlocks;
  }

  private static long saturatingAdd(long a, long b) {
    long sum = a + b;
    return sum < 0 ? Long.MAX_VALUE : sum;
  }
}
