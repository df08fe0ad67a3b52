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
 * Not in the paper: the replica read first is drawn among the closest ones not clearly worse, in proportion
 * to their volumes' headroom ({@link HeadroomDraw}), counting the blocks already sent to each since its latest
 * sample, so that readers between two samples spread instead of herding onto the best-scored node.
 */
public final class SystemStatePolicy implements ReadPolicy {

  public static final String NAME = "system-state";

  private final Scorer scorer;

  SystemStatePolicy(Scorer scorer) {
    this.scorer = scorer;
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    return decide(replicas, random).read();
  }

  /** The record: the replica put first counts against its volume until its DataNode's next sample. */
  @Override
  public Ordering decide(List<Replica> replicas, RandomGenerator random) {
    Scorer.Scores scores = scorer.scores(replicas);
    if (scores == null) {
      return Ordering.unrecorded(Orders.closestFirst(replicas, random));
    }
    List<Replica> order = scores.best(random);
    return Ordering.recordedWhenRead(order, scores.assignment(order.get(0)));
  }

  @Override
  public String name() {
    return NAME;
  }
}
