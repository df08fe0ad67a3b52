/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import io.replicakit.placement.choice.BalancedChoice;
import io.replicakit.placement.choice.RecentPlacements;
import io.replicakit.placement.config.PlacementConfig;
import io.replicakit.placement.config.RackRule;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;

/**
 * {@code balanced}'s translation: a node's fullness is its DFS-used bytes, plus a block for each replica the policy
 * gave it since its last heartbeat, in percent of its capacity (the per-node utilization the placement paper
 * reports and AvailableSpace compares); {@link BalancedChoice} decides.
 */
public final class BalancedCore extends PolicyCore {

  private final BalancedChoice choice;
  private final long blockBytes;
  private final int candidates;

  public BalancedCore(PlacementConfig.Balanced settings, RandomGenerator random, PlacementMetrics metrics) {
    super(settings.candidates(), random, metrics);
    this.choice = new BalancedChoice(random, settings.writerRackTolerancePct(),
        settings.rackRule() == RackRule.TWO_RACKS);
    this.blockBytes = settings.blockBytes();
    this.candidates = settings.candidates();
  }

  double usedPct(DatanodeDescriptor node) {
    return BalancedChoice.usedPct(node.getDfsUsed(), node.getCapacity(), recentPlacements(node), blockBytes);
  }

  @Override
  protected int pick(DatanodeDescriptor[] nodes, int count, StorageType type) {
    return choice.choose(usedPcts(nodes, count), count);
  }

  @Override
  protected int worst(DatanodeDescriptor[] nodes, int count, StorageType type) {
    return BalancedChoice.fullest(usedPcts(nodes, count), count);
  }

  @Override
  protected long mark(DatanodeDescriptor node) {
    return RecentPlacements.mark(node.getLastUpdateMonotonic(), -1);
  }

  /**
   * The best of a few nodes in the writer's rack, unless the best of a few outside it differs by more than the
   * tolerance ({@link BalancedChoice#keepWriterRack}).
   */
  @Override
  protected Node firstReplica(NetworkTopology map, Node writer, Set<Node> excluded, StorageType type) {
    String rack = writer.getNetworkLocation();
    DatanodeDescriptor inRack = best(map, rack, excluded, type);
    DatanodeDescriptor elsewhere = best(map, "~" + rack, excluded, type);
    boolean keep = choice.keepWriterRack(pct(inRack), pct(elsewhere));
    if (inRack != null) { // a rack without a candidate (a gateway's, all excluded) trades nothing
      metrics().writerRack(keep);
    }
    return keep ? inRack : elsewhere;
  }

  private DatanodeDescriptor best(NetworkTopology map, String scope, Set<Node> excluded, StorageType type) {
    DatanodeDescriptor[] nodes = new DatanodeDescriptor[candidates];
    int count = sample(map, scope, excluded, type, nodes);
    return count == 0 ? null : nodes[pick(nodes, count, type)];
  }

  private double pct(DatanodeDescriptor node) {
    return node == null ? Double.NaN : usedPct(node);
  }

  private double[] usedPcts(DatanodeDescriptor[] nodes, int count) {
    double[] pct = new double[count];
    for (int i = 0; i < count; i++) {
      pct[i] = usedPct(nodes[i]);
    }
    return pct;
  }
}
