/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * ReplicaKit's combination of storage speed, network and node state, which neither paper does alone:
 *
 * <ul>
 *   <li><b>Storage speed and network</b> decide the storage class, as DRR does: the §3.1 rules say which fast
 *       replicas are worth reading, and DRR's utilization-driven weight says whether this block's turn is fast
 *       or slow storage, keeping both classes busy in proportion to their speed.
 *   <li><b>Node state and distance</b> decide the replica, as the hotspot score does: every replica gets its
 *       score out of 10, and the replicas of the class whose turn it is get a bonus
 *       ({@code replicakit.read.combined.class.bonus}, 2.5 points).
 * </ul>
 *
 * The replica read first is drawn by the {@link HeadroomDraw} with the turn's class preferred: among the closest
 * of its replicas whose node is not clearly loaded from elsewhere, in proportion to headroom; when every replica
 * of that class is on such a node (a hotspot holding the only SSD replica), among the other class's. The bonus
 * orders the rest of the list (and everything with {@code margin} 0): it is larger than any distance difference
 * (at most 1.4 points) plus what the blocks assigned to a volume since its sample can take off its score (its
 * read points, at most 1), and smaller than what a stressed node loses (up to 6.5 points of CPU, memory and I/O).
 * The running fast/slow count records the replica actually put first, for every block with replicas of both types
 * (also when the network rules left it no choice of class: {@link RoundRobin}). Without fresh metrics it orders
 * exactly as DRR taking turns by class (the paper's DRR, {@link DrrBalance#CLASS}).
 */
public final class CombinedPolicy implements ReadPolicy {

  public static final String NAME = "combined";

  private final StorageModel model;
  private final RoundRobin roundRobin;
  private final DrrWeight weight;
  private final Scorer scorer;
  private final double classBonus;

  CombinedPolicy(StorageModel model, DrrWeight weight, Scorer scorer, double classBonus) {
    this.model = model;
    this.weight = weight;
    this.roundRobin = new RoundRobin(model, weight::current);
    this.scorer = scorer;
    this.classBonus = classBonus;
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    return decide(replicas, random).read();
  }

  /**
   * Once the block is known to be read, the replica put first counts against its volume until its DataNode's next
   * sample, and, for a block that offered no choice of class, as its class's read. A block that offers both
   * classes takes its turn while deciding (one compare-and-set, so concurrent handlers do not take the same turn),
   * and gives it back if it is not read ({@link Ordering}).
   */
  @Override
  public Ordering decide(List<Replica> replicas, RandomGenerator random) {
    Scorer.Scores scores = scorer.scores(replicas);
    if (scores == null) {
      return roundRobin.decide(replicas, random);
    }
    double[] score = scores.values();
    StorageModel.Classes classes = model.classes(replicas);
    if (!classes.offersBothClasses()) {
      // No choice of class: the score alone; the read is counted as its class's load if the block has both types.
      List<Replica> order = scores.best(random);
      Replica first = order.get(0);
      Runnable assignment = scores.assignment(first);
      return Ordering.recordedWhenRead(order, () -> {
        roundRobin.countUnchosen(first, classes);
        assignment.run();
      });
    }
    int turn = roundRobin.takeTurn(classes);
    boolean fastTurn = ReadCounter.isFast(turn);
    boolean[] inTurn = new boolean[score.length];
    for (int i = 0; i < score.length; i++) {
      inTurn[i] = inTurn(replicas.get(i), fastTurn, classes);
      if (inTurn[i]) {
        score[i] += classBonus;
      }
    }
    List<Replica> order = scores.best(random, inTurn);
    Replica first = order.get(0);
    boolean firstFast = classes.isFast(first, model);
    int counted = roundRobin.correct(turn, firstFast);
    return new Ordering(order, scores.assignment(first), roundRobin.uncounter(counted));
  }

  /** Whether the replica belongs to the class whose turn it is: an eligible fast one, or a slow one. */
  private boolean inTurn(Replica r, boolean fastTurn, StorageModel.Classes classes) {
    return fastTurn ? classes.isEligibleFast(r, model) : !classes.isFast(r, model);
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
