package io.replicakit.read.policy;

import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.random.RandomGenerator;

/**
 * The round-robin choice of WRR and DRR (read paper §3.2): when a block has both an eligible fast replica and a
 * slow one, read fast {@code weight} times per slow read, counted over all blocks the NameNode orders (the
 * NameNode cannot see which replica a client reads; like the paper, it counts the first). Blocks with only one
 * class are read from it and counted too, so the running ratio is the cluster's.
 */
final class RoundRobin {

  private final StorageModel model;
  private final ToDoubleFunction<StorageModel.Split> weight;
  private final ReadCounter counter = new ReadCounter();

  /** @param weight the fast-to-slow weight for a block's split */
  RoundRobin(StorageModel model, ToDoubleFunction<StorageModel.Split> weight) {
    this.model = model;
    this.weight = weight;
  }

  /** True when this block's turn is fast storage (only meaningful when the split has both classes). */
  boolean fastTurn(StorageModel.Split split) {
    return counter.fastTurn(weight.applyAsDouble(split));
  }

  /** Counts the replica that went first. */
  void record(Replica first, StorageModel.Split split) {
    counter.record(split.fast().contains(first));
  }

  List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    StorageModel.Split split = model.split(replicas);
    List<Replica> eligible = model.eligibleFast(split);
    Replica first;
    if (eligible.isEmpty()) {
      first = Orders.closest(replicas, random);
    } else if (split.slow().isEmpty()) {
      first = model.bestFast(eligible, random);
    } else {
      first = fastTurn(split) ? model.bestFast(eligible, random) : Orders.closest(split.slow(), random);
    }
    record(first, split);
    return Orders.withFirst(first, replicas, random);
  }

  long fastReads() {
    return counter.fastReads();
  }

  long slowReads() {
    return counter.slowReads();
  }
}
