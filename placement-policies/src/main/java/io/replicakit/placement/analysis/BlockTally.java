/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Per-block availability counts: how many racks each block's counted replicas span, the most replicas it has
 * in one rack, and whether the policy verifier accepts it.
 */
final class BlockTally {

  private final int racksWithCountedNodes;
  private final PolicyVerifier verifier;
  private final Map<Integer, Long> byRackCount = new HashMap<>();
  private final Map<Integer, Long> byMaxReplicasPerRack = new HashMap<>();
  private long blocks;
  private long inUniqueRacks;
  private long violating;

  /** {@code verifier} may be null: no policy check. */
  BlockTally(int racksWithCountedNodes, PolicyVerifier verifier) {
    this.racksWithCountedNodes = racksWithCountedNodes;
    this.verifier = verifier;
  }

  void add(BlockReplicas block, List<NodeState> countedReplicas) {
    Map<String, Integer> perRack = new HashMap<>();
    countedReplicas.forEach(n -> perRack.merge(n.rack(), 1, Integer::sum));
    int racks = perRack.size();
    int maxInOneRack = perRack.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    blocks++;
    byRackCount.merge(racks, 1L, Long::sum);
    byMaxReplicasPerRack.merge(maxInOneRack, 1L, Long::sum);
    if (racks >= racksNeeded(block)) {
      inUniqueRacks++;
    }
    if (verifier != null && !verifier.satisfies(block, countedReplicas)) {
      violating++;
    }
  }

  /**
   * "Blocks in unique racks" (paper §5.1, Table 2) means the largest number of racks the replication factor
   * allows; a cluster with fewer racks caps it, and a block needs at least one counted replica to count.
   */
  private int racksNeeded(BlockReplicas block) {
    return Math.max(1, Math.min(block.expectedReplication(), racksWithCountedNodes));
  }

  long blocks() {
    return blocks;
  }

  double inUniqueRacksPct() {
    return percent(inUniqueRacks);
  }

  Map<Integer, Long> byRackCount() {
    return byRackCount;
  }

  Map<Integer, Long> byMaxReplicasPerRack() {
    return byMaxReplicasPerRack;
  }

  OptionalDouble violatingPct() {
    return verifier == null ? OptionalDouble.empty() : OptionalDouble.of(percent(violating));
  }

  private double percent(long count) {
    return blocks == 0 ? 0 : 100.0 * count / blocks;
  }
}
