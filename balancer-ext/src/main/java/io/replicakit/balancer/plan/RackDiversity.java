/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * What moving one replica does to the number of racks its block spans. HDFS's Balancer only refuses moves that
 * lower it and otherwise ignores it, so a block the default policy put in two racks gains a third only by chance
 * (placement paper §5.3). Fazul et al.'s availability-aware balancing (cited in the paper's §2.2) moves a replica
 * only when the block already spans all the racks it can, or when the source's rack keeps another replica and the
 * target's rack has none; ReplicaKit's planner uses the same classification to rank moves, raising first.
 */
public enum RackDiversity {
  /** The block spans one more rack after the move. */
  RAISES,
  /** As many racks before as after. */
  KEEPS,
  /** One rack fewer: never chosen. */
  LOWERS;

  /**
   * The effect of moving the replica in {@code sourceRack} to {@code targetRack}.
   *
   * @param racks the block's replicas' racks, one entry per replica; must contain {@code sourceRack}
   */
  public static RackDiversity of(List<String> racks, String sourceRack, String targetRack) {
    if (!racks.contains(sourceRack)) {
      throw new IllegalArgumentException("no replica in the source rack " + sourceRack + ": " + racks);
    }
    List<String> after = new ArrayList<>(racks);
    after.remove(sourceRack);
    after.add(targetRack);
    int before = new HashSet<>(racks).size();
    int now = new HashSet<>(after).size();
    return now > before ? RAISES : now == before ? KEEPS : LOWERS;
  }

  /** Whether a block with replicas in {@code racks} spans as many racks as it can in a cluster of that many. */
  public static boolean spansMost(List<String> racks, int clusterRacks) {
    return new HashSet<>(racks).size() >= Math.min(racks.size(), clusterRacks);
  }
}
