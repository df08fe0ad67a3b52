/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The running count of blocks read from fast and from slow storage, among the blocks that offered both classes,
 * and the round-robin decision on it (read paper §3.2, eq. 2): read fast while fewer than {@code weight} fast
 * reads were made per slow read. Deciding and counting are one atomic step, so concurrent readers cannot all take
 * the same branch on a stale count.
 *
 * <p>The comparison {@code fast < weight * (slow + 1)} gives exactly {@code weight} fast reads per slow read
 * from the start (the paper's {@code fast / slow <= weight} is undefined before the first slow read).
 *
 * <p><b>One count per stripe of handler threads.</b> Every NameNode handler thread that locates blocks passes
 * here; with one shared count each decision's compare-and-set had to take the count's cache line from the core
 * that took the last one, and two handlers on two cores made WRR's ordering 1.4 times as slow at 12 replicas
 * (docs/read-selection-jmh.md). So each thread counts and decides on its stripe (thread ID modulo the stripes,
 * twice the processors rounded up to a power of two, each stripe on its own cache lines): a stripe's turns follow
 * the weight exactly, as the paper's single count does; the NameNode's total is the sum, off the weight by at most
 * one turn per stripe in use. A listing's blocks are ordered on one handler, one after another, so they keep the
 * weight's cycle exactly. A read is recorded, corrected or taken back on the thread that decided it (the topology
 * holds each block's record on its handler thread), so on the stripe that counted it.
 *
 * <p>Both counts of a stripe live in one {@code long} (32 bits each) changed by compare-and-set, not under a lock.
 * When either count reaches 2<sup>30</sup> both are halved, which keeps their ratio (the decision's input) and
 * stands for a NameNode up for billions of reads.
 */
final class ReadCounter {

  private static final long MASK = 0xFFFF_FFFFL;
  private static final long HALVE_AT = 1L << 30;
  /**
   * Relative slack on the weight's side of the comparison: a weight derived from two speeds carries rounding
   * (41.94304 / 8.388608 = 5.000000000000001), which without it gave a sixth fast read where five were meant.
   */
  private static final double ROUNDING = 1e-12;
  /** Longs from one stripe's count to the next: 128 bytes, so no two stripes share a line or a prefetched pair. */
  private static final int STRIDE = 16;

  /** Stripe {@code s}'s {@code fast << 32 | slow} at index {@code s * STRIDE}. */
  private final AtomicLongArray counts;
  private final int stripeMask;

  /** A counter with a stripe per {@link #defaultStripes} handler threads. */
  ReadCounter() {
    this(defaultStripes());
  }

  /** @param stripes how many counts the threads share out, a power of two (1: one count for all) */
  ReadCounter(int stripes) {
    if (stripes < 1 || Integer.bitCount(stripes) != 1) {
      throw new IllegalArgumentException("stripes must be a power of two, was " + stripes);
    }
    counts = new AtomicLongArray(stripes * STRIDE);
    stripeMask = stripes - 1;
  }

  /** A counter with one stripe that has already counted (for tests of long-running NameNodes). */
  static ReadCounter counted(long fast, long slow) {
    ReadCounter counter = new ReadCounter(1);
    counter.counts.set(0, pack(fast, slow));
    return counter;
  }

  /** Twice the processors, rounded up to a power of two: handler threads with consecutive IDs never share one. */
  static int defaultStripes() {
    int wanted = 2 * Runtime.getRuntime().availableProcessors();
    return wanted <= 1 ? 1 : Integer.highestOneBit(wanted - 1) << 1;
  }

  /** The index of the calling thread's stripe's count. */
  private int slot() {
    return STRIDE * (int) (Thread.currentThread().getId() & stripeMask);
  }

  /** Decides whether this block is read from fast storage under {@code weight}, and counts it. */
  boolean decide(double weight) {
    int slot = slot();
    while (true) {
      long now = counts.get(slot);
      long fast = fast(now);
      long slow = slow(now);
      boolean fromFast = fast < weight * (slow + 1) * (1 - ROUNDING);
      if (counts.compareAndSet(slot, now, pack(fromFast ? fast + 1 : fast, fromFast ? slow : slow + 1))) {
        return fromFast;
      }
    }
  }

  /** Counts a read whose class was not this counter's to decide (a block that offered one class only). */
  void count(boolean fast) {
    int slot = slot();
    while (true) {
      long now = counts.get(slot);
      long next = fast ? pack(fast(now) + 1, slow(now)) : pack(fast(now), slow(now) + 1);
      if (counts.compareAndSet(slot, now, next)) {
        return;
      }
    }
  }

  /**
   * Takes back one read of a class, counted for a block that was not read (a listing's repeated last block; see
   * {@link Ordering}). A halving in between may have left that class at 0: then there is nothing to take back.
   */
  void uncount(boolean fast) {
    int slot = slot();
    while (true) {
      long now = counts.get(slot);
      long f = fast(now);
      long s = slow(now);
      if ((fast ? f : s) == 0) {
        return;
      }
      if (counts.compareAndSet(slot, now, fast ? pack(f - 1, s) : pack(f, s - 1))) {
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
    int slot = slot();
    while (true) {
      long now = counts.get(slot);
      long fast = fast(now);
      long slow = slow(now);
      // A halving in between may have left the recorded class at 0: then there is nothing to move.
      long from = actualFast ? slow : fast;
      if (from == 0) {
        return;
      }
      long next = actualFast ? pack(fast + 1, slow - 1) : pack(fast - 1, slow + 1);
      if (counts.compareAndSet(slot, now, next)) {
        return;
      }
    }
  }

  /** Fast reads counted, all stripes together. */
  long fastReads() {
    long sum = 0;
    for (int i = 0; i < counts.length(); i += STRIDE) {
      sum += fast(counts.get(i));
    }
    return sum;
  }

  /** Slow reads counted, all stripes together. */
  long slowReads() {
    long sum = 0;
    for (int i = 0; i < counts.length(); i += STRIDE) {
      sum += slow(counts.get(i));
    }
    return sum;
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
