/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

/** Whether the next buffered background block may go to disk now, and why: the reason is for logs and metrics. */
public enum FlushDecision {
  /** The latest activity sample is below the learned threshold (thesis §4.2.1). */
  IDLE(true),
  /** The disk is busy, but enough foreground blocks went by since the last background write (§4.2.4). */
  GUARANTEED_SHARE(true),
  /**
   * No activity sample yet (or the counters became unavailable). Holding blocks until a measurement arrives could
   * hold them forever on a platform without counters; writing them is what plain HDFS would have done anyway.
   */
  NO_ACTIVITY_SAMPLE(true),
  /** The disk is busy and the guaranteed share is not due: wait. */
  BUSY(false),
  /**
   * The host's dirty data is above its background write-back threshold ({@link FlowRegulator#onDirtyPressure}) and
   * the guaranteed share is not due: wait.
   */
  DIRTY_PRESSURE(false);

  private final boolean allowed;

  FlushDecision(boolean allowed) {
    this.allowed = allowed;
  }

  public boolean allowed() {
    return allowed;
  }
}
