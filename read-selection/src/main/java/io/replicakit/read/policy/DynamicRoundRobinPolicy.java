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
 *
 * <p>What the weight divides is {@code replicakit.read.drr.balance}'s: the storage classes, taking turns as in the
 * paper ({@link DrrBalance#CLASS}, {@link RoundRobin}), or, by default, the volumes: each block to the replica that
 * would be read first given what every volume was already sent, fast volumes counted {@code weight} times as fast
 * ({@link DrrBalance#VOLUME}, {@link EarliestFinish}). The second keeps the paper's split between the classes and
 * also evens out the volumes within each class.
 */
public final class DynamicRoundRobinPolicy implements ReadPolicy {

  public static final String NAME = "drr";

  private final StorageModel model;
  private final DrrWeight weight;
  private final RoundRobin roundRobin;
  private final EarliestFinish earliestFinish;

  /** @param earliestFinish the choice by volume; null to take turns between the classes */
  DynamicRoundRobinPolicy(StorageModel model, DrrWeight weight, EarliestFinish earliestFinish) {
    this.model = model;
    this.weight = weight;
    this.roundRobin = new RoundRobin(model, weight::current);
    this.earliestFinish = earliestFinish;
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    return decide(replicas, random).read();
  }

  /**
   * By volume, the block's read time is added to its volume's backlog once it is known to be read. Taking turns by
   * class, the turn is taken while deciding and taken back if the block is not read, as WRR's.
   */
  @Override
  public Ordering decide(List<Replica> replicas, RandomGenerator random) {
    return decide(replicas, random, null);
  }

  /** By volume, a block of a listing is booked after the blocks listed before it (see {@link EarliestFinish}). */
  @Override
  public Ordering decide(List<Replica> replicas, RandomGenerator random, Listing listing) {
    if (earliestFinish == null) {
      return roundRobin.decide(replicas, random);
    }
    StorageModel.Choice choice = model.choose(replicas, random);
    double w = choice.offersBothClasses() ? weight.current(choice.classes()) : Double.NaN;
    EarliestFinish.Pick pick = earliestFinish.pick(replicas, choice, w, random, listing);
    return Ordering.recordedWhenRead(Orders.withFirst(pick.first(), replicas, random), pick);
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
