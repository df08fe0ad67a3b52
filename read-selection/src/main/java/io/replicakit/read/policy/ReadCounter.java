/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The running count of blocks read from fast and from slow storage, among the blocks that offered both classes,
 * and the round-robin decision on it (read paper §3.2, eq. 2): read fast while fewer than {@code weight} fast
 * reads were made per slow read. Deciding and counting are one atomic step, so concurrent readers cannot all take
 * the same branch on a stale count.
 *
 * <p>The comparison {@code fast < weight * (slow + 1)} gives exactly {@code weight} fast reads per slow read
 * from the start (the paper's {@code fast / slow <= weight} is undefined before the first slow read).
 *
 * <p>Both counts live in one {@code long} (32 bits each) changed by compare-and-set, not under a lock: every
 * NameNode handler thread that locates blocks passes here, and a contended monitor parks threads where a failed
 * compare-and-set only retries. When either count reaches 2<sup>30</sup> both are halved, which keeps their ratio
 * (the decision's input) and stands for a NameNode up for billions of reads.
 */
final class ReadCounter {

  private static final long MASK = 0xFFFF_FFFFL;
  private static final long HALVE_AT = 1L << 30;
  /**
   * Relative slack on the weight's side of the comparison: a weight derived from two speeds carries rounding
   * (41.94304 / 8.388608 = 5.000000000000001), which without it gave a sixth fast read where five were meant.
   */
  private static final double ROUNDING = 1e-12;

  /** {@code fast << 32 | slow}. */
  private final AtomicLong counts;

  ReadCounter() {
    this(0, 0);
  }

  /** A counter that has already counted (for tests of long-running NameNodes). */
  ReadCounter(long fast, long slow) {
    counts = new AtomicLong(pack(fast, slow));
  }

  /** Decides whether this block is read from fast storage under {@code weight}, and counts it. */
  boolean decide(double weight) {
    while (true) {
      long now = counts.get();
      long fast = fast(now);
      long slow = slow(now);
      boolean fromFast = fast < weight * (slow + 1) * (1 - ROUNDING);
      if (counts.compareAndSet(now, pack(fromFast ? fast + 1 : fast, fromFast ? slow : slow + 1))) {
        return fromFast;
      }
    }
  }

  /** Counts a read whose class was not this counter's to decide (a block that offered one class only). */
  void count(boolean fast) {
    while (true) {
      long now = counts.get();
      long next = fast ? pack(fast(now) + 1, slow(now)) : pack(fast(now), slow(now) + 1);
      if (counts.compareAndSet(now, next)) {
        return;
      }
    }
  }

  /**
   * Takes back one read of a class, counted for a block that was not read (a listing's repeated last block; see
   * {@link Ordering}). A halving in between may have left that class at 0: then there is nothing to take back.
   */
  void uncount(boolean fast) {
    while (true) {
      long now = counts.get();
      long f = fast(now);
      long s = slow(now);
      if ((fast ? f : s) == 0) {
        return;
      }
      if (counts.compareAndSet(now, fast ? pack(f - 1, s) : pack(f, s - 1))) {
        return;
      }
    }
  }

  /**
   * Moves one read from the class recorded by {@link #decide} to the class actually put first, when a policy
   * overrode the turn (combined, avoiding a stressed node).
   */
  void correct(boolean recordedFast, boolean actualFast) {
    if (recordedFast == actualFast) {
      return;
    }
    while (true) {
      long now = counts.get();
      long fast = fast(now);
      long slow = slow(now);
      // A halving in between may have left the recorded class at 0: then there is nothing to move.
      long from = actualFast ? slow : fast;
      if (from == 0) {
        return;
      }
      long next = actualFast ? pack(fast + 1, slow - 1) : pack(fast - 1, slow + 1);
      if (counts.compareAndSet(now, next)) {
        return;
      }
    }
  }

  long fastReads() {
    return fast(counts.get());
  }

  long slowReads() {
    return slow(counts.get());
  }

  private static long fast(long packed) {
    return packed >>> 32;
  }

  private static long slow(long packed) {
    return packed & MASK;
  }

  /** Both counts in one value, halved first when either has reached {@link #HALVE_AT}. */
  static long pack(long fast, long slow) {
    while (fast >= HALVE_AT || slow >= HALVE_AT) {
      fast >>>= 1;
      slow >>>= 1;
    }
    return fast << 32 | slow;
  }
}
