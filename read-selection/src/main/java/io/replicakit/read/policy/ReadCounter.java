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
 * <p><b>Turns per stripe of handler threads, forced reads shared.</b> Every NameNode handler thread that locates
 * blocks passes here. With one shared count, each decision's compare-and-set took the count's cache line from the
 * core that took the last one: in paired runs with two handler threads on two cores, {@code combined} ordered a
 * block in 2.3 times HDFS's time where {@code system-state}, the same scoring without the turn, took 1.5 times
 * (docs/read-selection-jmh.md). So a thread takes its turns on its stripe (thread ID modulo the stripes, twice the
 * processors rounded up to a power of two, each stripe on its own cache lines): a stripe's turns follow the weight
 * exactly, as the paper's single count does, and the NameNode's total is off the weight by at most one turn per
 * stripe in use. A listing's blocks are ordered on one handler, one after another, so they keep the cycle exactly.
 *
 * <p>Reads this counter did not decide ({@link #count}: a block whose network rules left one class) go to one
 * shared count instead, and so does what they are owed: while the shared count holds fewer than {@code weight}
 * fast reads per slow read, by a whole read, any stripe's next decision takes a fast turn from it, and while it
 * holds a whole slow read's worth too many fast ones, a slow turn. A forced slow read on one handler is then made up
 * for by the next blocks on any handler, as with one count (counted on its handler's stripe only, later listings on
 * other handlers put near-SSD blocks DISK first: {@code NetworkRulesIT}, commit efc249b). The shared count is written
 * only by forced reads and the turns that make up for them; every decision reads it, from a cache line that stays
 * in every core's cache while nothing is forced.
 *
 * <p>A decision returns its {@linkplain #decide turn}: its class, and whose count it is on, so that a read taken
 * back ({@link #uncount}) or moved to the class actually put first ({@link #correct}) changes the count that has it,
 * from any thread. Both counts of a stripe live in one {@code long} (32 bits each) changed by compare-and-set, not
 * under a lock. When either count reaches 2<sup>30</sup> both are halved, which keeps their ratio (the decision's
 * input) and stands for a NameNode up for billions of reads.
 */
final class ReadCounter {

  /** A turn's bit for fast storage. */
  private static final int FAST = 1;
  /** A turn's bit for a turn on the shared count. */
  private static final int SHARED = 2;
  /** A turn's stripe, above its two bits. */
  private static final int STRIPE_SHIFT = 2;

  private static final long MASK = 0xFFFF_FFFFL;
  private static final long HALVE_AT = 1L << 30;
  /**
   * Relative slack on the weight's side of the comparison: a weight derived from two speeds carries rounding
   * (41.94304 / 8.388608 = 5.000000000000001), which without it gave a sixth fast read where five were meant.
   */
  private static final double ROUNDING = 1e-12;
  /** Longs from one count to the next: 128 bytes, so no two counts share a line or a prefetched pair. */
  private static final int STRIDE = 16;

  /** Stripe {@code s}'s {@code fast << 32 | slow} at index {@code s * STRIDE}; the shared count after them. */
  private final AtomicLongArray counts;
  private final int stripeMask;
  private final int sharedSlot;

  /** A counter with {@link #defaultStripes} stripes. */
  ReadCounter() {
    this(defaultStripes());
  }

  /** @param stripes how many counts the threads share out, a power of two (1: one count for all) */
  ReadCounter(int stripes) {
    if (stripes < 1 || Integer.bitCount(stripes) != 1) {
      throw new IllegalArgumentException("stripes must be a power of two, was " + stripes);
    }
    counts = new AtomicLongArray((stripes + 1) * STRIDE);
    stripeMask = stripes - 1;
    sharedSlot = stripes * STRIDE;
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

  /** How many distinct turns {@link #decide} returns: they lie in {@code [0, turns())}. */
  int turns() {
    return (stripeMask + 1) << STRIPE_SHIFT;
  }

  static boolean isFast(int turn) {
    return (turn & FAST) != 0;
  }

  /**
   * Decides whether this block is read from fast storage under {@code weight}, and counts it: on the shared count
   * if that is owed a turn, else on the calling thread's stripe.
   *
   * @return the turn: {@link #isFast its class}, and the count it is on
   */
  int decide(double weight) {
    long shared = counts.get(sharedSlot);
    if (shared != 0 && owed(shared, weight) != 0) {
      int turn = takeOwed(weight);
      if (turn >= 0) {
        return turn;
      }
    }
    int stripe = (int) (Thread.currentThread().getId() & stripeMask);
    int slot = stripe * STRIDE;
    while (true) {
      long now = counts.get(slot);
      long fast = fast(now);
      long slow = slow(now);
      boolean fromFast = fast < weight * (slow + 1) * (1 - ROUNDING);
      if (counts.compareAndSet(slot, now, pack(fromFast ? fast + 1 : fast, fromFast ? slow : slow + 1))) {
        return stripe << STRIPE_SHIFT | (fromFast ? FAST : 0);
      }
    }
  }

  /**
   * What the shared count is owed under {@code weight}: 1 when it holds at least one fast read fewer than
   * {@code weight} per slow read, -1 when it holds a slow read's worth of fast reads too many, else 0.
   */
  private static int owed(long packed, double weight) {
    long fast = fast(packed);
    long slow = slow(packed);
    if (fast + 1 <= weight * slow * (1 + ROUNDING)) {
      return 1;
    }
    return weight * (slow + 1) <= fast * (1 + ROUNDING) ? -1 : 0;
  }

  /** Takes the turn the shared count is owed, if it still is (another thread may have taken it): else -1. */
  private int takeOwed(double weight) {
    while (true) {
      long now = counts.get(sharedSlot);
      int owed = owed(now, weight);
      if (owed == 0) {
        return -1;
      }
      long next = owed > 0 ? pack(fast(now) + 1, slow(now)) : pack(fast(now), slow(now) + 1);
      if (counts.compareAndSet(sharedSlot, now, next)) {
        return SHARED | (owed > 0 ? FAST : 0);
      }
    }
  }

  /** Counts a read whose class was not this counter's to decide (a block that offered one class only). */
  void count(boolean fast) {
    add(sharedSlot, fast, 1);
  }

  /**
   * Takes back a turn, counted for a block that was not read (a listing's repeated last block; see
   * {@link Ordering}). A halving in between may have left that class at 0: then there is nothing to take back.
   */
  void uncount(int turn) {
    add(slot(turn), isFast(turn), -1);
  }

  /**
   * Moves a turn's read to the class actually put first, when a policy overrode the turn (combined, avoiding a
   * stressed node), on the count that has it.
   *
   * @return the turn as it now stands, to {@linkplain #uncount take back} if the block is not read
   */
  int correct(int turn, boolean actualFast) {
    if (isFast(turn) == actualFast) {
      return turn;
    }
    int slot = slot(turn);
    while (true) {
      long now = counts.get(slot);
      long fast = fast(now);
      long slow = slow(now);
      // A halving in between may have left the recorded class at 0: then there is nothing to move.
      if ((actualFast ? slow : fast) == 0) {
        return turn;
      }
      long next = actualFast ? pack(fast + 1, slow - 1) : pack(fast - 1, slow + 1);
      if (counts.compareAndSet(slot, now, next)) {
        return actualFast ? turn | FAST : turn & ~FAST;
      }
    }
  }

  private int slot(int turn) {
    return (turn & SHARED) != 0 ? sharedSlot : (turn >>> STRIPE_SHIFT) * STRIDE;
  }

  /** Adds {@code delta} reads of a class to the count at {@code slot}; never below 0. */
  private void add(int slot, boolean fast, int delta) {
    while (true) {
      long now = counts.get(slot);
      long f = fast(now);
      long s = slow(now);
      if ((fast ? f : s) + delta < 0) {
        return;
      }
      if (counts.compareAndSet(slot, now, fast ? pack(f + delta, s) : pack(f, s + delta))) {
        return;
      }
    }
  }

  long fastReads() {
    long sum = 0;
    for (int slot = 0; slot <= sharedSlot; slot += STRIDE) {
      sum += fast(counts.get(slot));
    }
    return sum;
  }

  long slowReads() {
    long sum = 0;
    for (int slot = 0; slot <= sharedSlot; slot += STRIDE) {
      sum += slow(counts.get(slot));
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
