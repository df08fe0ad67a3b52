/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.net;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads a {@link NetworkTopology} the way its own methods do, under its read lock: the one thing the placement
 * policies need that the topology does not offer publicly is all its leaves in one O(n) walk (its
 * {@code getLeaves} resolves each leaf by index from the root, O(n x racks), and takes no lock). In HDFS's package
 * because the lock and the root are visible only there; listed in {@code PolicyInternals}.
 */
public final class ReplicaKitTopology {

  private ReplicaKitTopology() {}

  /** Every leaf of {@code map} (the DataNodes, in a NameNode), in the topology's order. */
  public static List<Node> leaves(NetworkTopology map) {
    map.netlock.readLock().lock();
    try {
      List<Node> leaves = new ArrayList<>(map.getNumOfLeaves());
      collect(map.clusterMap, leaves);
      return leaves;
    } finally {
      map.netlock.readLock().unlock();
    }
  }

  private static void collect(Node node, List<Node> into) {
    if (node instanceof InnerNode inner) {
      for (Node child : inner.getChildren()) {
        collect(child, into);
      }
    } else if (node != null) {
      into.add(node);
    }
  }
}
