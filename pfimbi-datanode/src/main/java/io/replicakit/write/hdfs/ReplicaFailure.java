/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import java.io.IOException;
import java.util.Set;

/** One or more of a block's replicas failed; {@link #badNodes()} are indices into the block's targets. */
final class ReplicaFailure extends IOException {

  private static final long serialVersionUID = 1L;
  private final transient Set<Integer> badNodes;

  ReplicaFailure(Set<Integer> badNodes, IOException cause) {
    super("replica(s) " + badNodes + " failed: " + cause.getMessage(), cause);
    this.badNodes = Set.copyOf(badNodes);
  }

  Set<Integer> badNodes() {
    return badNodes;
  }
}
