/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.List;
import java.util.Optional;

/** Test fixtures: nodes and blocks with short ids, 1000-byte capacity unless given. */
final class Nodes {

  static final long CAPACITY = 1000;

  private Nodes() {}

  static NodeState node(String id, String location) {
    return node(id, location, CAPACITY);
  }

  static NodeState node(String id, String location, long capacity) {
    return new NodeState(id, "host-" + id, location, capacity, 0, true, true, Optional.empty());
  }

  static NodeState withDomain(String id, String location, String upgradeDomain) {
    return new NodeState(id, "host-" + id, location, CAPACITY, 0, true, true, Optional.of(upgradeDomain));
  }

  static NodeState dead(String id, String location) {
    return new NodeState(id, "host-" + id, location, CAPACITY, 0, false, true, Optional.empty());
  }

  static NodeState decommissioned(String id, String location) {
    return new NodeState(id, "host-" + id, location, CAPACITY, 0, true, false, Optional.empty());
  }

  static BlockReplicas block(long id, long size, int replication, String... nodeIds) {
    return new BlockReplicas("/f", id, size, (short) replication, List.of(nodeIds));
  }

  static BlockReplicas block(String path, long id, long size, int replication, String... nodeIds) {
    return new BlockReplicas(path, id, size, (short) replication, List.of(nodeIds));
  }
}
