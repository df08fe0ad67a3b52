package io.replicakit.read.policy;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The hotspot paper's ordering (§III): replicas by their score out of 10 (network distance, idle CPU, free
 * memory, I/O of the replica's disk), highest first, so that a DataNode under CPU, memory or I/O stress stops
 * being chosen although it is as close as the others. Without fresh metrics for any replica, HDFS's order.
 */
public final class SystemStatePolicy implements ReadPolicy {

  public static final String NAME = "system-state";

  private final Scorer scorer;

  SystemStatePolicy(Scorer scorer) {
    this.scorer = scorer;
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    double[] score = scorer.scores(replicas);
    return score == null ? Orders.closestFirst(replicas, random) : Scorer.best(replicas, score, random);
  }

  @Override
  public String name() {
    return NAME;
  }
}
