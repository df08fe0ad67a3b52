/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The read paper's weighted round-robin selection (WRR, §3.2): fast storage serves {@code weight} blocks for
 * every block slow storage serves, with {@code weight = throughput_fast / throughput_slow} (eq. 1), so that both
 * finish together instead of the fast one idling (expected time (N/(W+1)) / throughput_slow). The weight is
 * configured, or derived per block from the configured throughputs of its fastest and slowest replica types.
 */
public final class WeightedRoundRobinPolicy implements ReadPolicy {

  public static final String NAME = "wrr";

  private final RoundRobin roundRobin;
  private final double staticWeight;

  /** @param staticWeight the configured weight, or NaN to derive it from the throughputs */
  public WeightedRoundRobinPolicy(StorageModel model, double staticWeight) {
    this.staticWeight = staticWeight;
    this.roundRobin = new RoundRobin(model, split -> weightOf(split, staticWeight));
  }

  static double weightOf(StorageModel.Classes classes, double staticWeight) {
    return Double.isNaN(staticWeight) ? classes.fastestMbps() / classes.slowestMbps() : staticWeight;
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    return decide(replicas, random).read();
  }

  /** The turn is taken while deciding, and taken back if the block is not read ({@link Ordering}). */
  @Override
  public Ordering decide(List<Replica> replicas, RandomGenerator random) {
    return roundRobin.decide(replicas, random);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public double weight() {
    return staticWeight;
  }
}
