/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The hotspot paper's ordering (§III): replicas by their score out of 10 (network distance, idle CPU, free
 * memory, I/O of the replica's disk), highest first, so that a DataNode under CPU, memory or I/O stress stops
 * being chosen although it is as close as the others. Without fresh metrics for any replica, HDFS's order.
 * Blocks already sent to a DataNode since its latest sample count against it, so that readers between two
 * samples spread over equally good nodes instead of herding onto one.
 */
public final class SystemStatePolicy implements ReadPolicy {

  public static final String NAME = "system-state";

  private final Scorer scorer;

  SystemStatePolicy(Scorer scorer) {
    this.scorer = scorer;
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    Scorer.Scores scores = scorer.scores(replicas);
    if (scores == null) {
      return Orders.closestFirst(replicas, random);
    }
    List<Replica> order = scores.best(random, scorer.margin());
    scores.assignFirst(order.get(0));
    return order;
  }

  @Override
  public String name() {
    return NAME;
  }
}
