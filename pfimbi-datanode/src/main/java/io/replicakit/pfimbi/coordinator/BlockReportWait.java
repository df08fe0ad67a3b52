/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

/**
 * Whether the coordinator holds its decisions for a round because the NameNode has not heard the block reports of
 * every live DataNode, for at most a bound.
 *
 * <p>Why: a NameNode learns where replicas are only from DataNodes' reports. After a restart or failover it knows
 * none of them until each DataNode's first full block report (HDFS marks those storages "block contents stale"),
 * and safe mode ends as soon as enough blocks have one replica reported, often before every DataNode has reported
 * or even sent the heartbeat that makes its storages known. The DataNodes not yet reported may hold background
 * copies that landed before the restart. Decisions taken on that partial picture go wrong, as the restart runs of
 * {@code PfimbiRecoveryIT} showed before this wait existed: no targets found (the placement policy saw DataNodes
 * without storages) and a fall-back; a copy fetched from a replica the NameNode was deleting as excess (the file was
 * still at its synchronous replication) and a fall-back; and, after a fall-back, HDFS's re-replications sent to
 * DataNodes that already held the block unreported, failing with "replica already exists". The NameNode is not told
 * of such a failure: HDFS sends a block's missing copies as one pipeline, so when its first target is the one that
 * fails, the others get nothing either, and the block waits below its target until
 * {@code dfs.namenode.reconstruction.pending.timeout-sec} (five minutes, plus up to as long again for the monitor
 * that checks it) before it is scheduled again. HDFS itself waits for these reports before deleting excess replicas
 * (its postponed mis-replicated blocks); the coordinator waits for them before adding copies.
 *
 * <p>Bounded, because a DataNode can stay unreported for long (after an HA failover it reports on its next
 * periodic schedule, hours away): a file waiting stays at its synchronous replication, so after the bound the
 * coordinator goes on as without the wait. Pure: time comes in with each call.
 */
final class BlockReportWait {

  /** What a round does. */
  enum Outcome {
    /** Every live DataNode has reported, or the bound ran out earlier in this wait: decide as usual. */
    PROCEED,
    /** The first round of a wait: hold. */
    WAIT_STARTS,
    /** A later round of a wait within the bound: hold. */
    WAIT,
    /** The bound ran out this round: decide without every report (once per wait). */
    GIVE_UP
  }

  private static final long NOT_WAITING = Long.MIN_VALUE;

  private final long maxWaitMs;
  private long waitingSinceMs = NOT_WAITING;
  private boolean gaveUp;

  /** @param maxWaitMs the longest one wait holds the coordinator; 0 never holds it */
  BlockReportWait(long maxWaitMs) {
    if (maxWaitMs < 0) {
      throw new IllegalArgumentException("maxWaitMs must be >= 0: " + maxWaitMs);
    }
    this.maxWaitMs = maxWaitMs;
  }

  /**
   * This round's outcome.
   *
   * @param unreported live DataNode storages without a block report (0: every one has reported)
   */
  Outcome round(int unreported, long nowMs) {
    if (unreported == 0 || maxWaitMs == 0) {
      waitingSinceMs = NOT_WAITING;
      gaveUp = false;
      return Outcome.PROCEED;
    }
    if (gaveUp) {
      return Outcome.PROCEED;
    }
    if (waitingSinceMs == NOT_WAITING) {
      waitingSinceMs = nowMs;
      return Outcome.WAIT_STARTS;
    }
    if (nowMs - waitingSinceMs < maxWaitMs) {
      return Outcome.WAIT;
    }
    gaveUp = true;
    return Outcome.GIVE_UP;
  }

  /** Forgets the current wait (this NameNode is no longer active: the next activation waits anew). */
  void reset() {
    waitingSinceMs = NOT_WAITING;
    gaveUp = false;
  }
}
