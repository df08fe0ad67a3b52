/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The read paper's dynamic round-robin selection (DRR, §3.2): WRR whose weight follows the measured
 * utilization of each storage type ({@link DrrWeight}), so a wrong static weight corrects itself and both
 * storage types stay busy. The paper measured it best on every benchmark (6.4× network distance on DFSIO).
 */
public final class DynamicRoundRobinPolicy implements ReadPolicy {

  public static final String NAME = "drr";

  private final DrrWeight weight;
  private final RoundRobin roundRobin;

  public DynamicRoundRobinPolicy(StorageModel model, DrrWeight weight) {
    this.weight = weight;
    this.roundRobin = new RoundRobin(model, weight::current);
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    return roundRobin.order(replicas, random);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public double weight() {
    return weight.lastWeight();
  }
}
