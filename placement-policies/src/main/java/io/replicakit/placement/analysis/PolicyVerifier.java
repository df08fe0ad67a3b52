/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.List;

/**
 * Does a block's placement satisfy a policy? The analysis asks it once per block with the counted nodes that
 * hold the block's replicas, in block-map order, the way fsck asks the NameNode's policy for mis-replicated
 * blocks.
 */
@FunctionalInterface
public interface PolicyVerifier {

  boolean satisfies(BlockReplicas block, List<NodeState> replicaNodes);
}
