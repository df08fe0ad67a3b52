package io.replicakit.read.policy;

import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.random.RandomGenerator;

/**
 * The round-robin choice of WRR and DRR (read paper §3.2): when a block has both an eligible fast replica and a
 * slow one (a block always has a slow one: the replicas on its slowest type), read fast {@code weight} times per
 * slow read, counted over all blocks the NameNode orders (the
 * NameNode cannot see which replica a client reads; like the paper, it counts the first). Blocks with only one
 * class are read from it and counted too, so the running ratio is the cluster's.
 */
final class RoundRobin {

  private final StorageModel model;
  private final ToDoubleFunction<StorageModel.Choice> weight;
  private final ReadCounter counter = new ReadCounter();

  /** @param weight the fast-to-slow weight for a block's split */
  RoundRobin(StorageModel model, ToDoubleFunction<StorageModel.Choice> weight) {
    this.model = model;
    this.weight = weight;
  }

  /**
   * Decides and counts this block's class in one step, so concurrent readers cannot all take the same turn on
   * a stale count. Only for blocks with an eligible fast and a slow replica.
   */
  boolean takeFastTurn(StorageModel.Choice choice) {
    return counter.decide(weight.applyAsDouble(choice), true);
  }

  /** Counts a block that offered no choice of class by the replica put first. */
  void record(Replica first, StorageModel.Choice choice) {
    counter.record(choice.isFast(first, model));
  }

  /** Corrects the count when the replica put first is not of the class whose turn was taken. */
  void correct(boolean tookFast, Replica first, StorageModel.Choice choice) {
    boolean fast = choice.isFast(first, model);
    if (fast != tookFast) {
      counter.correct(tookFast, fast); // rare: only when the score overrode the turn, so lock only then
    }
  }

  List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    StorageModel.Choice choice = model.choose(replicas, random);
    Replica first;
    if (choice.bestFast() == null) {
      // No choice of class (one type only, or the fast replicas are too far): HDFS's closest, counted as read.
      first = Orders.closest(replicas, random);
      record(first, choice);
    } else {
      first = takeFastTurn(choice) ? choice.bestFast() : choice.closestSlow();
    }
    return Orders.withFirst(first, replicas, random);
  }

  long fastReads() {
    return counter.fastReads();
  }

  long slowReads() {
    return counter.slowReads();
  }
}
