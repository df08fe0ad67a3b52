/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

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
 * of the replica put first: its read is real load on the reader's near (slow) storage, and the blocks that do offer
 * a choice should make up for it. Without that count a reader whose nearby SSDs hold only part of the data reads
 * the rest from nearby DISKs and then sends a sixth of the rest to the same DISKs as well.
 */
final class RoundRobin {

  private final StorageModel model;
  private final ToDoubleFunction<StorageModel.Classes> weight;
  private final ReadCounter counter = new ReadCounter();
  /** What takes back each turn, by turn ({@link ReadCounter#decide}): made once, not per block. */
  private final Runnable[] uncounters;

  /** @param weight the fast-to-slow weight for a block's choice */
  RoundRobin(StorageModel model, ToDoubleFunction<StorageModel.Classes> weight) {
    this.model = model;
    this.weight = weight;
    uncounters = new Runnable[counter.turns()];
    for (int turn = 0; turn < uncounters.length; turn++) {
      int t = turn;
      uncounters[turn] = () -> counter.uncount(t);
    }
  }

  /**
   * Decides and counts this block's class in one step, so concurrent readers cannot all take the same turn on
   * a stale count. Only for blocks that {@linkplain StorageModel.Classes#offersBothClasses offer both classes}.
   *
   * @return the turn ({@link ReadCounter#isFast its class}), for {@link #correct} and {@link #uncounter}
   */
  int takeTurn(StorageModel.Classes classes) {
    return counter.decide(weight.applyAsDouble(classes));
  }

  /**
   * Corrects the count when the replica put first is not of the class whose turn was taken (after
   * {@link #takeTurn}, so only for blocks that offered both classes).
   *
   * @param fast whether the replica put first is on fast storage
   * @return the turn as counted now
   */
  int correct(int turn, boolean fast) {
    return counter.correct(turn, fast); // changes a count only when the score overrode the turn (rare)
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
    return uncounters[turn];
  }

  /**
   * Counts the read of a block that offered no choice of class, when it has replicas of both types (see the class
   * comment): as the class of {@code first}.
   */
  void countUnchosen(Replica first, StorageModel.Classes classes) {
    if (classes.hasBothTypes()) {
      counter.count(classes.isFast(first, model), weight.applyAsDouble(classes));
    }
  }
}
