/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The cluster's nodes and block map at one moment: the input of {@link PlacementAnalysis}.
 *
 * <p>{@code files} lists the paths of the files read, including files that have no blocks; a file with blocks
 * need not be listed, because its blocks name it. Empty files exist only here: they count as files (as in the
 * paper's file counts, §5.1) but hold no replicas. Node ids must be unique.
 */
public record PlacementSnapshot(List<NodeState> nodes, List<BlockReplicas> blocks, List<String> files) {

  public PlacementSnapshot {
    nodes = List.copyOf(nodes);
    blocks = List.copyOf(blocks);
    files = List.copyOf(files);
    Set<String> ids = new HashSet<>();
    for (NodeState node : nodes) {
      if (!ids.add(node.id())) {
        throw new IllegalArgumentException("duplicate node id in snapshot: " + node.id());
      }
    }
  }

  /** A snapshot whose files are exactly those named by its blocks (no empty files). */
  public PlacementSnapshot(List<NodeState> nodes, List<BlockReplicas> blocks) {
    this(nodes, blocks, List.of());
  }
}
