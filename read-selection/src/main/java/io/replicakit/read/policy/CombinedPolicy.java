/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * ReplicaKit's combination of storage speed, network and node state, which neither paper does alone. Each source
 * decides what it knows best:
 *
 * <ul>
 *   <li><b>Node state</b> leaves out what only the heartbeats can see: a replica whose node is clearly loaded from
 *       elsewhere (CPU, memory, writes of its volume; the {@link HeadroomDraw}'s first step, the hotspot paper's
 *       purpose, §III).
 *   <li><b>Storage speed and network</b> decide among the rest, as DRR does. By default
 *       ({@code replicakit.read.drr.balance=volume}) with DRR's calendar: the block goes to the replica whose
 *       volume would finish it first given every read the NameNode has sent ({@link EarliestFinish}), the §3.1
 *       rules saying which replicas may be read and DRR's utilization-driven weight how fast the fast class
 *       counts. The calendar knows the NameNode's own reads exactly and at once, which a sample taken up to an
 *       interval ago cannot: blocks ordered between two samples spread over the volumes by when each would be
 *       free (no herding, and no volume left idle by a draw's chance), and the blocks of a listing are booked
 *       one after another as their reader will reach them. With {@code balance=class}: the paper's turns between
 *       the classes, the replica drawn by the {@link HeadroomDraw} with the turn's class preferred, and the
 *       turn's class given {@code replicakit.read.combined.class.bonus} (2.5 points) in the rest of the list.
 * </ul>
 *
 * The rest of the list (replicas the client falls back to) puts the replicas left out last (by class: by score),
 * so a stressed node comes last. Without fresh metrics it orders exactly as DRR does (by volume, or taking turns by
 * class).
 */
public final class CombinedPolicy implements ReadPolicy {

  public static final String NAME = "combined";

  private final StorageModel model;
  private final RoundRobin roundRobin;
  private final DrrWeight weight;
  private final Scorer scorer;
  private final double classBonus;
  /** DRR's choice by volume; null to take turns between the classes. */
  private final EarliestFinish earliestFinish;

  /** @param earliestFinish the choice by volume; null to take turns between the classes (the paper's DRR) */
  CombinedPolicy(StorageModel model, DrrWeight weight, Scorer scorer, double classBonus,
      EarliestFinish earliestFinish) {
    this.model = model;
    this.weight = weight;
    this.roundRobin = new RoundRobin(model, weight::current);
    this.scorer = scorer;
    this.classBonus = classBonus;
    this.earliestFinish = earliestFinish;
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    return decide(replicas, random).read();
  }

  @Override
  public Ordering decide(List<Replica> replicas, RandomGenerator random) {
    return decide(replicas, random, null);
  }

  /**
   * By volume: once the block is known to be read, its read goes into its volume's calendar (and, in a listing,
   * releases the listing's next block when it would end). The rules and the calendar see only the replicas not
   * left out, so a reader whose own node is the hotspot reads from another. The rest of the list is closest first,
   * the replicas left out last. By class: see {@link #decideByClass}.
   */
  @Override
  public Ordering decide(List<Replica> replicas, RandomGenerator random, Listing listing) {
    if (earliestFinish == null) {
      return decideByClass(replicas, random);
    }
    List<Replica> kept = scorer.notClearlyWorse(replicas);
    if (kept == null) {
      kept = replicas;
    }
    StorageModel.Choice choice = model.choose(kept, random);
    double w = choice.offersBothClasses() ? weight.current(choice.classes()) : Double.NaN;
    EarliestFinish.Pick pick = earliestFinish.pick(kept, choice, w, random, listing);
    return Ordering.recordedWhenRead(Orders.withFirst(pick.first(), replicas, kept, random), pick);
  }

  /**
   * The classes take turns: once the block is known to be read, the replica put first counts against its volume
   * until its DataNode's next sample, and, for a block that offered no choice of class, as its class's read. A
   * block that offers both classes takes its turn while deciding (one compare-and-set, so concurrent handlers do
   * not take the same turn), and gives it back if it is not read ({@link Ordering}).
   */
  private Ordering decideByClass(List<Replica> replicas, RandomGenerator random) {
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
