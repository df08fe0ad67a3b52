/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import java.util.List;

/**
 * Where a block's replicas are, as the NameNode's {@code getBlocks} reports them to a balancer.
 *
 * @param blockId the block's ID
 * @param bytes its length
 * @param replicas one per replica: DataNode, its rack and the storage type
 */
public record BlockPlacement(long blockId, long bytes, List<Replica> replicas) {

  /** One replica's location. */
  public record Replica(String node, String rack, String storageType) {}

  public BlockPlacement {
    replicas = List.copyOf(replicas);
  }

  /** The racks of the replicas, one entry per replica (a rack with two replicas appears twice). */
  public List<String> racks() {
    return replicas.stream().map(Replica::rack).toList();
  }

  public boolean isOn(String node) {
    return replicas.stream().anyMatch(r -> r.node().equals(node));
  }
}
