/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * Measures a placement the way the paper compares the HDFS policies (§5): balance from the block map, and
 * availability as the share of blocks spread over as many racks as their replication factor allows.
 *
 * <p>Definitions:
 * <ul>
 *   <li><b>Occupation</b> of a node: the sum of the sizes of the blocks it holds a replica of, taken from the
 *       block map as fsck reports it (paper §5.1), not the node's own DFS-used figure, which also counts
 *       metadata and blocks being deleted.
 *   <li><b>Utilization</b>: occupation / capacity × 100 (0 for a node that reports no capacity). The paper's
 *       heterogeneous cluster (§5) shows why both are needed: equal occupation means unequal utilization when
 *       capacities differ.
 *   <li>Mean and <b>population</b> standard deviation over the counted nodes (σ rows of Tables 1, 3, 5).
 *   <li><b>Counted nodes</b>: live and in service ({@link NodeState#counts()}). Replicas on other nodes (dead,
 *       decommissioning, decommissioned, in maintenance) or on ids the snapshot does not know are ignored
 *       everywhere: in occupation, racks, histograms and what the verifier sees. §5.2 leaves dead DataNodes out
 *       of its tables for the same reason.
 *   <li><b>Blocks in unique racks</b> (§5.1, Tables 2, 4, 6): a block whose counted replicas span
 *       {@code min(expectedReplication, racks with counted nodes)} distinct racks; with replication 1 that is
 *       its one counted replica. Racks are top-level ({@link NodeState#rack()}).
 *   <li>Files with no blocks count as files and add no blocks. With no blocks every percentage is 0.
 * </ul>
 */
public final class PlacementAnalysis {

  private PlacementAnalysis() {}

  /** Analyzes without checking a placement policy: {@code violatingPct} is empty. */
  public static PlacementReport analyze(PlacementSnapshot snapshot) {
    return run(snapshot, null);
  }

  /** Analyzes and asks {@code verifier} about every block, as fsck does for mis-replicated blocks. */
  public static PlacementReport analyze(PlacementSnapshot snapshot, PolicyVerifier verifier) {
    return run(snapshot, Objects.requireNonNull(verifier, "verifier"));
  }

  private static PlacementReport run(PlacementSnapshot snapshot, PolicyVerifier verifier) {
    Map<String, NodeState> counted = countedById(snapshot.nodes());
    Map<String, Long> occupation = new HashMap<>();
    BlockTally tally = new BlockTally(rackCount(counted.values()), verifier);
    for (BlockReplicas block : snapshot.blocks()) {
      List<NodeState> replicas = countedReplicas(block, counted);
      replicas.forEach(n -> occupation.merge(n.id(), block.sizeBytes(), Long::sum));
      tally.add(block, replicas);
    }
    List<NodeUsage> usage = usage(counted.values(), occupation);
    Population occupationStats = Population.of(usage.stream().mapToDouble(NodeUsage::occupationBytes).toArray());
    Population utilizationStats = Population.of(usage.stream().mapToDouble(NodeUsage::utilizationPct).toArray());
    return new PlacementReport(usage,
        occupationStats.mean(), occupationStats.std(),
        utilizationStats.mean(), utilizationStats.std(),
        bytesPerRack(usage), fileCount(snapshot), tally.blocks(),
        tally.inUniqueRacksPct(), tally.byRackCount(), tally.byMaxReplicasPerRack(), tally.violatingPct());
  }

  private static Map<String, NodeState> countedById(List<NodeState> nodes) {
    Map<String, NodeState> counted = new LinkedHashMap<>();
    nodes.stream().filter(NodeState::counts).forEach(n -> counted.put(n.id(), n));
    return counted;
  }

  private static int rackCount(Iterable<NodeState> nodes) {
    Set<String> racks = new LinkedHashSet<>();
    nodes.forEach(n -> racks.add(n.rack()));
    return racks.size();
  }

  /** The block's replicas on counted nodes, in block-map order; a node listed twice holds one replica. */
  private static List<NodeState> countedReplicas(BlockReplicas block, Map<String, NodeState> counted) {
    List<NodeState> replicas = new ArrayList<>();
    for (String id : new LinkedHashSet<>(block.nodeIds())) {
      NodeState node = counted.get(id);
      if (node != null) {
        replicas.add(node);
      }
    }
    return replicas;
  }

  private static List<NodeUsage> usage(Iterable<NodeState> counted, Map<String, Long> occupation) {
    List<NodeUsage> usage = new ArrayList<>();
    for (NodeState n : counted) {
      long bytes = occupation.getOrDefault(n.id(), 0L);
      double pct = n.capacityBytes() == 0 ? 0 : 100.0 * bytes / n.capacityBytes();
      usage.add(new NodeUsage(n.id(), n.name(), n.rack(), bytes, n.capacityBytes(), pct));
    }
    return usage;
  }

  private static Map<String, Long> bytesPerRack(List<NodeUsage> usage) {
    Map<String, Long> perRack = new TreeMap<>();
    usage.forEach(u -> perRack.merge(u.rack(), u.occupationBytes(), Long::sum));
    return perRack;
  }

  private static long fileCount(PlacementSnapshot snapshot) {
    Set<String> paths = new LinkedHashSet<>(snapshot.files());
    snapshot.blocks().forEach(b -> paths.add(b.path()));
    return paths.size();
  }
}
