/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

/**
 * Whether {@code balancer -asService} may start a round now. A node can stay beyond the threshold with nothing able
 * to move (no source and target pair up, every move would lower a block's racks, an upgrade not finalized): the
 * {@link Trigger} then fires at every check, and each round would hold HDFS's balancer lock and list blocks for its
 * idle iterations, every interval, for ever. So after a round that ended without balancing the cluster the next
 * waits at least {@code pauseMs} (HDFS's {@code dfs.balancer.service.interval}, the period of HDFS's own service);
 * after one that balanced it, the trigger alone decides. Time is given by the caller.
 */
public final class RoundGate {

  private final long pauseMs;
  private boolean waiting;
  private long lastEndMs;

  /** @param pauseMs the least time after a round that did not balance the cluster, in milliseconds (0 or more) */
  public RoundGate(long pauseMs) {
    if (pauseMs < 0) {
      throw new IllegalArgumentException("pause must not be negative: " + pauseMs + " ms");
    }
    this.pauseMs = pauseMs;
  }

  /** Whether a round may start at {@code nowMs} (a monotonic clock). */
  public boolean mayStart(long nowMs) {
    return !waiting || nowMs - lastEndMs >= pauseMs;
  }

  /** A round ended at {@code nowMs}; {@code balanced}: it left every node within the threshold. */
  public void roundEnded(boolean balanced, long nowMs) {
    waiting = !balanced;
    lastEndMs = nowMs;
  }
}
