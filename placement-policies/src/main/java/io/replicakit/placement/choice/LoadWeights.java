/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.choice;

/**
 * Points of each part of the {@code state-aware} load score. Each metric is first scaled to 0..1 (0 idle, 1 as
 * busy as it gets) and then weighted; recent placements add {@code recentPenalty} points each, unscaled, so a
 * burst moves on to the next node after a few blocks.
 *
 * @param disk points of a fully busy disk (utilization 100 %)
 * @param queue points of a disk queue at or above {@code queueReference}
 * @param queueReference queue length that counts as fully busy
 * @param cpu points of a fully busy CPU
 * @param memory points of fully used memory
 * @param xceivers points of the candidate with the most xceivers (the others in proportion)
 * @param recentPenalty points per replica placed on the node since its last report
 */
public record LoadWeights(double disk, double queue, double queueReference, double cpu, double memory,
    double xceivers, double recentPenalty) {

  public LoadWeights {
    if (!(queueReference > 0)) {
      throw new IllegalArgumentException("queueReference must be > 0, was " + queueReference);
    }
  }
}
