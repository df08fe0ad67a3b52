/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

/** What DRR's weight divides the reads between ({@code replicakit.read.drr.balance}). */
public enum DrrBalance {
  /**
   * The paper's DRR (§3.2): storage classes take turns, {@code weight} fast reads per slow read, whichever volume
   * of the class holds the block (the slow replica among the closest at random).
   */
  CLASS,
  /**
   * Each block goes to the replica whose volume would finish reading it first ({@link EarliestFinish}), fast
   * volumes counted {@code weight} times as fast as slow ones: the same split between the classes when the
   * cluster has as many fast volumes as slow, and no volume left with more than its share because placement or
   * chance handed it more of the blocks read.
   */
  VOLUME
}
