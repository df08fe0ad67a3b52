/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.choice;

import java.util.random.RandomGenerator;

/**
 * The decision of the {@code state-aware} policy: of a few sampled DataNodes, the least busy takes a replica.
 *
 * <p>Why: the placement paper ends (§6) with the policies' blind spot: none looks at the state of the nodes when
 * it places a replica, and the authors name a "temporal perspective" of node and cluster state as the next step.
 * A replica written to a node whose disk is saturated slows the whole pipeline, and so every writer behind it.
 * HDFS's own answers cover parts (considerLoad compares xceiver counts, HDFS-14882; slow-node exclusion,
 * HDFS-15879) and do not combine with storage types; this score puts disk busy time and queue, CPU, memory (from
 * heartbeat-metrics), xceivers and the policy's own placements since each node's last report in one number.
 *
 * <p>Missing and stale metrics: a part of the score counts only when every candidate of the decision has it, so
 * candidates are always compared on equal terms; a node that stopped reporting is neither preferred nor avoided
 * for it, and without heartbeat-metrics the score is xceivers and recent placements alone. Costs O(d) per choice.
 */
public final class StateAwareChoice {

  private static final double EPSILON = 1e-9;

  private final LoadWeights weights;
  private final RandomGenerator random;

  public StateAwareChoice(LoadWeights weights, RandomGenerator random) {
    this.weights = weights;
    this.random = random;
  }

  /**
   * The index of the least busy candidate; candidates scoring alike are drawn at random; -1 when {@code count} is
   * 0. Only the first {@code count} entries are read.
   */
  public int choose(NodeLoad[] candidates, int count) {
    double[] scores = scores(candidates, count);
    int best = -1;
    int ties = 0;
    for (int i = 0; i < count; i++) {
      if (best < 0 || scores[i] < scores[best] - EPSILON) {
        best = i;
        ties = 1;
      } else if (Math.abs(scores[i] - scores[best]) <= EPSILON && random.nextInt(++ties) == 0) {
        best = i;
      }
    }
    return best;
  }

  /**
   * The index of the busiest candidate, the one whose replica an over-replicated block gives up (the first of
   * equally busy ones); -1 when {@code count} is 0.
   */
  public int busiest(NodeLoad[] candidates, int count) {
    double[] scores = scores(candidates, count);
    int worst = -1;
    for (int i = 0; i < count; i++) {
      if (worst < 0 || scores[i] > scores[worst] + EPSILON) {
        worst = i;
      }
    }
    return worst;
  }

  /** Each candidate's score (higher: busier), over the parts every candidate has. */
  public double[] scores(NodeLoad[] candidates, int count) {
    boolean disk = true;
    boolean queue = true;
    boolean cpu = true;
    boolean memory = true;
    int maxXceivers = 1;
    for (int i = 0; i < count; i++) {
      NodeLoad n = candidates[i];
      disk &= !Double.isNaN(n.diskBusyPct());
      queue &= !Double.isNaN(n.diskQueue());
      cpu &= !Double.isNaN(n.cpuBusyPct());
      memory &= !Double.isNaN(n.memoryUsedPct());
      maxXceivers = Math.max(maxXceivers, n.xceivers());
    }
    double[] scores = new double[count];
    for (int i = 0; i < count; i++) {
      NodeLoad n = candidates[i];
      double s = weights.xceivers() * Math.max(0, n.xceivers()) / maxXceivers
          + weights.recentPenalty() * n.recentPlacements();
      s += disk ? weights.disk() * unit(n.diskBusyPct() / 100) : 0;
      s += queue ? weights.queue() * unit(n.diskQueue() / weights.queueReference()) : 0;
      s += cpu ? weights.cpu() * unit(n.cpuBusyPct() / 100) : 0;
      s += memory ? weights.memory() * unit(n.memoryUsedPct() / 100) : 0;
      scores[i] = s;
    }
    return scores;
  }

  private static double unit(double x) {
    return Math.max(0, Math.min(1, x));
  }
}
