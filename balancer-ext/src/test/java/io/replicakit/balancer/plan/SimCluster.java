/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.random.RandomGenerator;

/**
 * A cluster on paper for the planner's tests: nodes in racks with capacities, blocks with replicas, and the
 * effect of a move (the replica leaves the source, the target stores it), as the NameNode would report it after
 * the move and the excess replica's deletion.
 */
final class SimCluster {

  private final Map<String, String> rackOf = new LinkedHashMap<>();
  private final Map<String, Long> capacity = new HashMap<>();
  private final Map<String, Double> busy = new HashMap<>();
  private final Map<Long, List<String>> blocks = new LinkedHashMap<>();
  private final long blockBytes;

  SimCluster(long blockBytes) {
    this.blockBytes = blockBytes;
  }

  SimCluster node(String name, String rack, long capacityBytes) {
    rackOf.put(name, rack);
    capacity.put(name, capacityBytes);
    return this;
  }

  SimCluster busy(String node, double pct) {
    busy.put(node, pct);
    return this;
  }

  SimCluster block(long id, String... nodes) {
    blocks.put(id, new ArrayList<>(List.of(nodes)));
    return this;
  }

  /** Writes {@code count} blocks: each replica on a random node of the given ones, all distinct. */
  SimCluster randomBlocks(int count, int replication, List<String> nodes, RandomGenerator random) {
    for (int i = 0; i < count; i++) {
      List<String> pool = new ArrayList<>(nodes);
      List<String> chosen = new ArrayList<>();
      for (int r = 0; r < replication; r++) {
        chosen.add(pool.remove(random.nextInt(pool.size())));
      }
      blocks.put((long) blocks.size() + 1, chosen);
    }
    return this;
  }

  int racks() {
    return (int) rackOf.values().stream().distinct().count();
  }

  List<String> nodes() {
    return List.copyOf(rackOf.keySet());
  }

  String rack(String node) {
    return rackOf.get(node);
  }

  List<StorageUnit> units() {
    List<StorageUnit> units = new ArrayList<>();
    for (String node : rackOf.keySet()) {
      long used = blocks.values().stream().filter(b -> b.contains(node)).count() * blockBytes;
      long cap = capacity.get(node);
      units.add(new StorageUnit(node, rackOf.get(node), "DISK", cap, used, cap - used,
          busy.getOrDefault(node, Double.NaN)));
    }
    return units;
  }

  BlockPlacement placement(long id) {
    return new BlockPlacement(id, blockBytes, blocks.get(id).stream()
        .map(n -> new BlockPlacement.Replica(n, rackOf.get(n), "DISK")).toList());
  }

  /** Every block on each unit, as getBlocks would list them. */
  Map<String, List<BlockPlacement>> blocksBySource() {
    Map<String, List<BlockPlacement>> bySource = new HashMap<>();
    for (Map.Entry<Long, List<String>> b : blocks.entrySet()) {
      for (String node : b.getValue()) {
        bySource.computeIfAbsent(node + ":DISK", k -> new ArrayList<>()).add(placement(b.getKey()));
      }
    }
    return bySource;
  }

  Map<Long, Integer> racksPerBlock() {
    Map<Long, Integer> racks = new HashMap<>();
    blocks.forEach((id, nodes) -> racks.put(id, (int) nodes.stream().map(rackOf::get).distinct().count()));
    return racks;
  }

  void apply(Move move) {
    List<String> nodes = blocks.get(move.block().blockId());
    if (!nodes.remove(move.source().node()) || nodes.contains(move.target().node())) {
      throw new IllegalStateException("impossible move " + move);
    }
    nodes.add(move.target().node());
  }
}
