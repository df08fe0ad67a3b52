/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.List;
import java.util.Objects;

/**
 * One block of a file and the ids (transfer addresses) of the nodes holding its replicas, as the block map
 * (fsck, {@code getBlockLocations}) reports them. {@code expectedReplication} is the file's replication factor:
 * what the placement policy was asked to place, against which "unique racks" is judged (paper §5.1).
 */
public record BlockReplicas(String path, long blockId, long sizeBytes, short expectedReplication,
    List<String> nodeIds) {

  public BlockReplicas {
    Objects.requireNonNull(path, "path");
    nodeIds = List.copyOf(nodeIds);
    if (sizeBytes < 0) {
      throw new IllegalArgumentException("block " + blockId + " of " + path + " has a negative size");
    }
  }
}
