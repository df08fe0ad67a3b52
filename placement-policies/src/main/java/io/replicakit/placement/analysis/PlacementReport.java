/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What {@link PlacementAnalysis} measured: the paper's balance metrics (per-node occupation and utilization with
 * their population standard deviations, Tables 1, 3, 5; bytes per rack, Figs. 2-4) and availability metrics
 * (blocks in unique racks, Tables 2, 4, 6), plus two histograms that show how far from unique racks the other
 * blocks are, and the share of blocks a placement policy rejects.
 *
 * <ul>
 *   <li>{@code nodes}: counted nodes only, in snapshot order.
 *   <li>{@code bytesPerRack}: top-level rack to replica bytes on counted nodes, every rack of a counted node
 *       present (0 if it holds nothing), sorted by rack name.
 *   <li>{@code blocksInUniqueRacksPct}: share of blocks whose counted replicas span
 *       {@code min(expectedReplication, racks with counted nodes)} distinct racks (at least one).
 *   <li>{@code blocksByRackCount}: distinct racks per block to number of blocks, sorted.
 *   <li>{@code blocksByMaxReplicasPerRack}: the most replicas of a block in one rack to number of blocks, sorted.
 *   <li>{@code violatingPct}: share of blocks the verifier rejects; empty when no verifier was given.
 * </ul>
 * Percentages are 0 to 100, and 0 when there are no blocks.
 */
public record PlacementReport(
    List<NodeUsage> nodes,
    double occupationMeanBytes, double occupationStdBytes,
    double utilizationMeanPct, double utilizationStdPct,
    Map<String, Long> bytesPerRack,
    long files, long blocks,
    double blocksInUniqueRacksPct,
    Map<Integer, Long> blocksByRackCount,
    Map<Integer, Long> blocksByMaxReplicasPerRack,
    OptionalDouble violatingPct) {

  public PlacementReport {
    nodes = List.copyOf(nodes);
    bytesPerRack = sorted(bytesPerRack);
    blocksByRackCount = sorted(blocksByRackCount);
    blocksByMaxReplicasPerRack = sorted(blocksByMaxReplicasPerRack);
  }

  /** Human-readable multi-line report for a CLI. */
  public String toText() {
    return ReportText.render(this);
  }

  private static <K extends Comparable<K>, V> SortedMap<K, V> sorted(Map<K, V> map) {
    return Collections.unmodifiableSortedMap(new TreeMap<>(map));
  }
}
