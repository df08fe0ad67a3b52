/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.random.RandomGenerator;

/**
 * The round-robin choice of WRR and DRR (read paper §3.2): when a block's eligible replicas offer both classes (an
 * eligible fast replica and a slow one; a block always has a slow one: the replicas on its slowest type), read
 * fast {@code weight} times per slow read. The NameNode cannot see which replica a client reads; like the paper,
 * it counts the first.
 *
 * <p>What is counted is load on each class. A block whose replicas are all of one type (TestDFSIO's control files
 * stored HOT: tiny, all on DISK) is not counted: counted as a slow read, each would hand fast storage an extra turn,
 * and a job that opens many of them first would stray from the weight. A block with replicas of both types whose
 * fast ones the network rules leave out (§3.1: an SSD in another rack behind a slow uplink) is counted as the class
 * of the replica put first: its read is real load on the reader's near (slow) storage, and the blocks of its type
 * mix that do offer a choice should make up for it. Without that count a reader whose nearby SSDs hold only part
 * of the data reads the rest from nearby DISKs and then sends a sixth of the rest to the same DISKs as well.
 *
 * <p><b>One count per type mix.</b> Blocks whose fastest and slowest types differ (SSD and DISK, RAM_DISK and DISK)
 * take turns on counts of their own, each at its own weight: eq. 2 splits one pair of classes. Until session 52 they
 * shared one count, and the mixes' weights pulled it between them: blocks of weight 5 alternating with blocks of
 * weight 16.7 read 0.667 of the weight-5 blocks from fast storage instead of 0.833, since the other mix's fast reads
 * used up their turns. A mix's count is made the first time a block of it is seen; there are at most as many as
 * pairs of configured speeds.
 */
final class RoundRobin {

  /** A type mix's count, its place among the mixes, and what takes back each of its turns (made once). */
  private record Mix(int index, double fastestMbps, double slowestMbps, ReadCounter counter, Runnable[] uncounters) {

    boolean is(StorageModel.Classes classes) {
      return fastestMbps == classes.fastestMbps() && slowestMbps == classes.slowestMbps();
    }
  }

  private final StorageModel model;
  private final ToDoubleFunction<StorageModel.Classes> weight;
  private final int stripes = ReadCounter.defaultStripes();
  /** A turn's mix, above the turns one count returns ({@link ReadCounter#turns}). */
  private final int mixShift = Integer.numberOfTrailingZeros(ReadCounter.turns(stripes));
  /** The bits of a turn that are its mix's own count's turn. */
  private final int ownTurn = (1 << mixShift) - 1;
  /** The mixes seen so far, by index: copied on the rare write, read without a lock. */
  private volatile Mix[] mixes = new Mix[0];

  /** @param weight the fast-to-slow weight for a block's choice */
  RoundRobin(StorageModel model, ToDoubleFunction<StorageModel.Classes> weight) {
    this.model = model;
    this.weight = weight;
  }

  /**
   * Decides and counts this block's class in one step, so concurrent readers cannot all take the same turn on
   * a stale count. Only for blocks that {@linkplain StorageModel.Classes#offersBothClasses offer both classes}.
   *
   * @return the turn ({@link ReadCounter#isFast its class}), for {@link #correct} and {@link #uncounter}
   */
  int takeTurn(StorageModel.Classes classes) {
    Mix mix = mix(classes);
    return mix.index() << mixShift | mix.counter().decide(weight.applyAsDouble(classes));
  }

  /**
   * Corrects the count when the replica put first is not of the class whose turn was taken (after
   * {@link #takeTurn}, so only for blocks that offered both classes).
   *
   * @param fast whether the replica put first is on fast storage
   * @return the turn as counted now
   */
  int correct(int turn, boolean fast) {
    int own = turn & ownTurn;
    // Changes a count only when the score overrode the turn (rare).
    return turn - own + mixes[turn >>> mixShift].counter().correct(own, fast);
  }

  /**
   * Orders the block. A block that offers both classes takes its turn at once, and the ordering takes it back if
   * the block is not read; one without a choice of class is counted when it is read ({@link #countUnchosen}).
   */
  Ordering decide(List<Replica> replicas, RandomGenerator random) {
    StorageModel.Choice choice = model.choose(replicas, random);
    if (choice.offersBothClasses()) {
      int turn = takeTurn(choice.classes());
      Replica first = ReadCounter.isFast(turn) ? choice.bestFast() : choice.closestSlow();
      return Ordering.countedWhenDecided(Orders.withFirst(first, replicas, random), uncounter(turn));
    }
    Replica first = Orders.closest(replicas, random); // no choice of class: HDFS's closest
    StorageModel.Classes classes = choice.classes();
    return Ordering.recordedWhenRead(Orders.withFirst(first, replicas, random), () -> countUnchosen(first, classes));
  }

  /** What takes back {@code turn}. */
  Runnable uncounter(int turn) {
    return mixes[turn >>> mixShift].uncounters()[turn & ownTurn];
  }

  /**
   * Counts the read of a block that offered no choice of class, when it has replicas of both types (see the class
   * comment): as the class of {@code first}, on its mix's count.
   */
  void countUnchosen(Replica first, StorageModel.Classes classes) {
    if (classes.hasBothTypes()) {
      mix(classes).counter().count(classes.isFast(first, model), weight.applyAsDouble(classes));
    }
  }

  /** The block's type mix, its count made on first sight. */
  private Mix mix(StorageModel.Classes classes) {
    for (Mix mix : mixes) {
      if (mix.is(classes)) {
        return mix;
      }
    }
    return addMix(classes);
  }

  private synchronized Mix addMix(StorageModel.Classes classes) {
    Mix[] seen = mixes;
    for (Mix mix : seen) {
      if (mix.is(classes)) {
        return mix; // another thread added it meanwhile
      }
    }
    ReadCounter counter = new ReadCounter(stripes);
    Runnable[] uncounters = new Runnable[counter.turns()];
    for (int turn = 0; turn < uncounters.length; turn++) {
      int t = turn;
      uncounters[turn] = () -> counter.uncount(t);
    }
    Mix added = new Mix(seen.length, classes.fastestMbps(), classes.slowestMbps(), counter, uncounters);
    Mix[] grown = Arrays.copyOf(seen, seen.length + 1);
    grown[seen.length] = added;
    mixes = grown;
    return added;
  }
}
