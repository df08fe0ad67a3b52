/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.ReplicaKitTopology;

/**
 * A recent list of the NameNode's DataNodes, and of each rack's, the pools of
 * {@link io.replicakit.placement.choice.PoolDraw}.
 *
 * <p>Retaken when the topology's number of DataNodes changes, and at least every {@link #MAX_AGE_MS} (HDFS's
 * default heartbeat interval) for a node that left while another joined. A stale list cannot put a replica on a
 * node that left: every candidate from it is checked against the live topology when drawn. It can only leave a
 * node that just joined out of the extra candidates, and HDFS's own draw, which every decision still makes first,
 * can return that node. Taking the lists is one O(n) walk under the topology's read lock; one thread retakes them
 * while the others keep using the previous ones.
 */
final class NodeSnapshot {

  static final long MAX_AGE_MS = 3_000;

  /** The lists as taken: every DataNode, and those of each network location (a rack, or a node group). */
  private record Taken(NetworkTopology map, DatanodeDescriptor[] nodes, Map<String, DatanodeDescriptor[]> racks,
      int leaves, long at) {}

  private static final DatanodeDescriptor[] NONE = new DatanodeDescriptor[0];

  private final LongSupplier clock;
  private final AtomicBoolean retaking = new AtomicBoolean();
  private volatile Taken taken;

  NodeSnapshot(LongSupplier monotonicMs) {
    this.clock = monotonicMs;
  }

  /** The DataNodes of {@code map} as last taken; empty until the first list is taken. */
  DatanodeDescriptor[] nodes(NetworkTopology map) {
    Taken current = current(map);
    return current == null ? NONE : current.nodes();
  }

  /**
   * The DataNodes whose network location is {@code location} (a rack path such as {@code /r1}, or a node group's),
   * as last taken; empty for any other scope or a location that had none.
   */
  DatanodeDescriptor[] rack(NetworkTopology map, String location) {
    Taken current = current(map);
    return current == null ? NONE : current.racks().getOrDefault(location, NONE);
  }

  private Taken current(NetworkTopology map) {
    Taken current = taken;
    long now = clock.getAsLong();
    boolean stale = current == null || current.map() != map || current.leaves() != map.getNumOfLeaves()
        || now - current.at() >= MAX_AGE_MS;
    if (stale && retaking.compareAndSet(false, true)) {
      try {
        current = take(map, now);
        taken = current;
      } finally {
        retaking.set(false);
      }
    }
    return current == null || current.map() != map ? null : current;
  }

  private static Taken take(NetworkTopology map, long now) {
    List<Node> leaves = ReplicaKitTopology.leaves(map);
    DatanodeDescriptor[] nodes = leaves.stream().filter(DatanodeDescriptor.class::isInstance)
        .toArray(DatanodeDescriptor[]::new);
    Map<String, List<DatanodeDescriptor>> grouped = new HashMap<>();
    for (DatanodeDescriptor node : nodes) {
      grouped.computeIfAbsent(node.getNetworkLocation(), rack -> new ArrayList<>()).add(node);
    }
    Map<String, DatanodeDescriptor[]> racks = new HashMap<>(grouped.size() * 2);
    grouped.forEach((rack, members) -> racks.put(rack, members.toArray(NONE)));
    return new Taken(map, nodes, racks, leaves.size(), now);
  }
}
