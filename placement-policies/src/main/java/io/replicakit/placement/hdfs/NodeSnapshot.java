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
import org.apache.hadoop.net.NodeBase;
import org.apache.hadoop.net.ReplicaKitTopology;

/**
 * A recent list of the NameNode's DataNodes, and of those under each inner node of the topology (each rack; with
 * node groups, each node group and each rack), the pools of {@link io.replicakit.placement.choice.PoolDraw}.
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

  /** The lists as taken: every DataNode, and those under each inner node's path (a rack, a node group). */
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
   * The DataNodes under the inner node {@code path} (a rack such as {@code /r1}, or a node group's path), as last
   * taken; empty for the root, a DataNode's own path, or a path that had none.
   */
  DatanodeDescriptor[] under(NetworkTopology map, String path) {
    Taken current = current(map);
    return current == null ? NONE : current.racks().getOrDefault(path, NONE);
  }

  private Taken current(NetworkTopology map) {
    Taken current = taken;
    long now = clock.getAsLong();
    boolean stale = stale(current, map, now);
    if (stale && retaking.compareAndSet(false, true)) {
      try {
        Taken latest = taken; // another thread may have retaken the lists since this one looked
        current = latest != current && !stale(latest, map, now) ? latest : take(map, now);
        taken = current;
      } finally {
        retaking.set(false);
      }
    }
    return current == null || current.map() != map ? null : current;
  }

  private static boolean stale(Taken taken, NetworkTopology map, long now) {
    return taken == null || taken.map() != map || taken.leaves() != map.getNumOfLeaves()
        || now - taken.at() >= MAX_AGE_MS;
  }

  private static Taken take(NetworkTopology map, long now) {
    List<Node> leaves = ReplicaKitTopology.leaves(map);
    DatanodeDescriptor[] nodes = leaves.stream().filter(DatanodeDescriptor.class::isInstance)
        .toArray(DatanodeDescriptor[]::new);
    Map<String, List<DatanodeDescriptor>> grouped = new HashMap<>();
    for (DatanodeDescriptor node : nodes) {
      String location = node.getNetworkLocation();
      // under its location and every inner node above it but the root: "/r1/ng1" and "/r1"
      for (int end = location.length(); end > 0; end = location.lastIndexOf(NodeBase.PATH_SEPARATOR, end - 1)) {
        grouped.computeIfAbsent(location.substring(0, end), path -> new ArrayList<>()).add(node);
      }
    }
    Map<String, DatanodeDescriptor[]> racks = new HashMap<>(grouped.size() * 2);
    grouped.forEach((rack, members) -> racks.put(rack, members.toArray(NONE)));
    return new Taken(map, nodes, racks, leaves.size(), now);
  }
}
