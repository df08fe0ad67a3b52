/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The round-robin turn between fast and slow storage (read paper §3.2, eq. 2), among the blocks that offered both
 * classes: read fast while fewer than {@code weight} fast reads were made per slow read. Deciding and counting are
 * one atomic step, so concurrent readers cannot all take the same branch on a stale count.
 *
 * <p><b>A credit, not counts since start-up.</b> What a count holds is its credit: each fast read adds 1, each slow
 * read takes off the weight it was decided at. A decision reads fast while the credit is below the weight, which
 * from a fresh count gives exactly {@code weight} fast reads per slow read (the paper's {@code fast / slow <= weight}
 * is undefined before the first slow read), fractional weights included (16.7 alternates cycles of 17 and 16 fast
 * reads). Until session 52 a count held the fast and slow reads since the NameNode started and decided on
 * {@code fast < weight * (slow + 1)}: that is the same at one weight, but a new weight was applied to the whole
 * history, so the count first made it all fit. After 50,000 fast and 10,000 slow reads at weight 5, a step to 6
 * gave 10,006 fast turns in a row and a step to 4 gave 2,500 slow ones; DRR moves its weight every few seconds. With
 * the credit, each read stays charged at its own weight, and a weight change acts within one cycle: the credit a
 * decision sees is at most one read above its weight (left by a higher weight), so at most one extra slow turn.
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
 * shared count instead, and so does what they are owed: while the shared credit is a whole fast read short, any
 * stripe's next decision takes a fast turn from it, and while it holds a slow read's worth of fast reads too many,
 * a slow turn. A forced slow read on one handler is then made up for by the next blocks on any handler, as with one
 * count (counted on its handler's stripe only, later listings on other handlers put near-SSD blocks DISK first:
 * {@code NetworkRulesIT}, commit efc249b). What is owed is what the forced reads left, at the weights they were
 * counted at, not a history. The shared count is written only by forced reads and the turns that make up for them;
 * every decision reads it, from a cache line that stays in every core's cache while nothing is forced.
 *
 * <p>A decision returns its {@linkplain #decide turn}: its class, and whose count it is on, so that a read taken
 * back ({@link #uncount}) or moved to the class actually put first ({@link #correct}) changes the count that has it,
 * from any thread, by the weight that count last decided at. A credit is a {@code double} in a {@code long} changed
 * by compare-and-set, not under a lock; its weight sits beside it, on the same cache line.
 */
final class ReadCounter {

  /** A turn's bit for fast storage. */
  private static final int FAST = 1;
  /** A turn's bit for a turn on the shared count. */
  private static final int SHARED = 2;
  /** A turn's stripe, above its two bits. */
  private static final int STRIPE_SHIFT = 2;

  /**
   * Relative slack on the weight's side of the comparisons: a weight derived from two speeds carries rounding
   * (41.94304 / 8.388608 = 5.000000000000001), which without it gave a sixth fast read where five were meant.
   */
  private static final double ROUNDING = 1e-12;
  /** Longs from one count to the next: 128 bytes, so no two counts share a line or a prefetched pair. */
  private static final int STRIDE = 16;
  /** Where a count's weight (of its latest decision or forced read) sits, after its credit. */
  private static final int WEIGHT = 1;

  /** Stripe {@code s}'s credit at index {@code s * STRIDE}, its weight after it; the shared count after them. */
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

  /** Twice the processors, rounded up to a power of two: handler threads with consecutive IDs never share one. */
  static int defaultStripes() {
    int wanted = 2 * Runtime.getRuntime().availableProcessors();
    return wanted <= 1 ? 1 : Integer.highestOneBit(wanted - 1) << 1;
  }

  /** How many distinct turns {@link #decide} returns: they lie in {@code [0, turns())}. */
  int turns() {
    return turns(stripeMask + 1);
  }

  /** How many distinct turns a counter with {@code stripes} stripes returns: a power of two. */
  static int turns(int stripes) {
    return stripes << STRIPE_SHIFT;
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
    if (shared != 0 && owed(credit(shared), weight) != 0) {
      int turn = takeOwed(weight);
      if (turn >= 0) {
        return turn;
      }
    }
    int stripe = (int) (Thread.currentThread().getId() & stripeMask);
    int slot = stripe * STRIDE;
    noteWeight(slot, weight);
    while (true) {
      long now = counts.get(slot);
      // A lower weight than the last decisions' leaves at most one slow turn to make up for their cycle.
      double credit = Math.min(credit(now), weight + 1);
      boolean fromFast = credit < weight * (1 - ROUNDING);
      if (counts.compareAndSet(slot, now, bits(fromFast ? credit + 1 : credit - weight))) {
        return stripe << STRIPE_SHIFT | (fromFast ? FAST : 0);
      }
    }
  }

  /**
   * What the shared count is owed under {@code weight}: 1 when its credit is at least a whole fast read short, -1
   * when it holds a slow read's worth of fast reads, else 0.
   */
  private static int owed(double credit, double weight) {
    if (credit + 1 <= weight * ROUNDING) {
      return 1;
    }
    return credit >= weight * (1 - ROUNDING) ? -1 : 0;
  }

  /** Takes the turn the shared count is owed, if it still is (another thread may have taken it): else -1. */
  private int takeOwed(double weight) {
    noteWeight(sharedSlot, weight);
    while (true) {
      long now = counts.get(sharedSlot);
      double credit = credit(now);
      int owed = owed(credit, weight);
      if (owed == 0) {
        return -1;
      }
      if (counts.compareAndSet(sharedSlot, now, bits(owed > 0 ? credit + 1 : credit - weight))) {
        return SHARED | (owed > 0 ? FAST : 0);
      }
    }
  }

  /**
   * Counts a read whose class was not this counter's to decide (a block that offered one class only), a slow one
   * at {@code weight}.
   */
  void count(boolean fast, double weight) {
    noteWeight(sharedSlot, weight);
    add(sharedSlot, fast ? 1 : -weight);
  }

  /**
   * Takes back a turn, counted for a block that was not read (a listing's repeated last block; see {@link Ordering}).
   */
  void uncount(int turn) {
    int slot = slot(turn);
    add(slot, isFast(turn) ? -1 : weightAt(slot));
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
    double move = 1 + weightAt(slot); // a fast read's 1 and a slow read's weight
    add(slot, actualFast ? move : -move);
    return actualFast ? turn | FAST : turn & ~FAST;
  }

  private int slot(int turn) {
    return (turn & SHARED) != 0 ? sharedSlot : (turn >>> STRIPE_SHIFT) * STRIDE;
  }

  /** Adds {@code delta} to the credit at {@code slot}. */
  private void add(int slot, double delta) {
    while (true) {
      long now = counts.get(slot);
      if (counts.compareAndSet(slot, now, bits(credit(now) + delta))) {
        return;
      }
    }
  }

  /**
   * Records the weight a count decides at, for a turn taken back or moved later: a volatile read per decision, a
   * write only when the weight changed (DRR: once per adjustment).
   */
  private void noteWeight(int slot, double weight) {
    long bits = Double.doubleToRawLongBits(weight);
    if (counts.get(slot + WEIGHT) != bits) {
      counts.set(slot + WEIGHT, bits);
    }
  }

  private double weightAt(int slot) {
    return Double.longBitsToDouble(counts.get(slot + WEIGHT));
  }

  private static double credit(long bits) {
    return Double.longBitsToDouble(bits);
  }

  private static long bits(double credit) {
    return Double.doubleToRawLongBits(credit);
  }
}
