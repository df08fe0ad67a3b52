/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

/**
 * Whether a write's replicas were all there when it finished, told apart from HDFS restoring them afterwards, and
 * alike.
 *
 * <p>Why the first two: the read-back and fsck run after the job, by which time HDFS's redundancy monitor (every
 * 3 s) may already have re-replicated a block a writer left short, so a writer that acknowledged a replica it never
 * wrote could pass both. The NameNode's locations right after the job show a block still short; the DataNodes' own
 * count of blocks they copied for re-replication ({@code BlocksReplicated}) over the whole write and its checks
 * shows one HDFS repaired, however early in the job.
 *
 * @param blocksShortAfterWrite the job's data blocks with fewer locations than the replication right after the job
 *     (after waiting up to {@link #REPORT_WAIT_MS} for the DataNodes' incremental block reports)
 * @param blocksReReplicated blocks the DataNodes copied for HDFS's re-replication from the job's start to the end of
 *     its checks
 * @param blocksDisagreeing blocks of the write's directory whose replicas' checksums differ, or one of whose replicas
 *     could not give one ({@link ReplicaAgreement})
 */
public record ReplicaCheck(int blocksShortAfterWrite, long blocksReReplicated, int blocksDisagreeing) {

  /** How long the NameNode's locations may lag the last replica's finalization (an incremental block report). */
  static final long REPORT_WAIT_MS = 5_000;

  /** Every replica was written by the writer itself. */
  public boolean whole() {
    return blocksShortAfterWrite == 0 && blocksReReplicated == 0 && blocksDisagreeing == 0;
  }
}
