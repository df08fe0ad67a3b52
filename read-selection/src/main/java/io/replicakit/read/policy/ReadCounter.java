/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

/**
 * The running count of blocks read from fast and from slow storage, among the blocks that offered both classes,
 * and the round-robin decision on it (read paper §3.2, eq. 2): read fast while fewer than {@code weight} fast
 * reads were made per slow read. Deciding and counting happen under one lock, so concurrent readers cannot all
 * take the same branch on a stale count.
 *
 * <p>The comparison {@code fast < weight * (slow + 1)} gives exactly {@code weight} fast reads per slow read
 * from the start (the paper's {@code fast / slow <= weight} is undefined before the first slow read).
 */
final class ReadCounter {

  private long fast;
  private long slow;

  /** Decides whether this block is read from fast storage under {@code weight}, and counts it. */
  synchronized boolean decide(double weight) {
    boolean fromFast = fast < weight * (slow + 1);
    if (fromFast) {
      fast++;
    } else {
      slow++;
    }
    return fromFast;
  }

  /**
   * Moves one read from the class recorded by {@link #decide} to the class actually put first, when a policy
   * overrode the turn (combined, avoiding a stressed node).
   */
  synchronized void correct(boolean recordedFast, boolean actualFast) {
    if (recordedFast == actualFast) {
      return;
    }
    if (actualFast) {
      fast++;
      slow--;
    } else {
      slow++;
      fast--;
    }
  }

  synchronized long fastReads() {
    return fast;
  }

  synchronized long slowReads() {
    return slow;
  }
}
