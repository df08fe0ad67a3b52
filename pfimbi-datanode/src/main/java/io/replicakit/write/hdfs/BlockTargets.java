/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import io.replicakit.write.Route;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/**
 * A block's replicas as the NameNode chose them: node, storage type and storage ID at the same index.
 *
 * @param nodes the DataNodes, in the NameNode's order
 * @param types each one's storage type
 * @param storageIds each one's storage ID (may be empty arrays' worth of nulls for old NameNodes)
 */
record BlockTargets(DatanodeInfo[] nodes, StorageType[] types, String[] storageIds) {

  BlockTargets {
    if (nodes.length == 0 || types.length != nodes.length || storageIds.length != nodes.length) {
      throw new IllegalArgumentException("nodes, types and storage IDs must be non-empty and of one length: "
          + nodes.length + ", " + types.length + ", " + storageIds.length);
    }
  }

  int size() {
    return nodes.length;
  }

  /** The nodes of {@code leg}, in its order. */
  DatanodeInfo[] nodesOf(Route.Leg leg) {
    DatanodeInfo[] out = new DatanodeInfo[leg.size()];
    Arrays.setAll(out, i -> nodes[leg.node(i)]);
    return out;
  }

  StorageType[] typesOf(Route.Leg leg) {
    StorageType[] out = new StorageType[leg.size()];
    Arrays.setAll(out, i -> types[leg.node(i)]);
    return out;
  }

  String[] storageIdsOf(Route.Leg leg) {
    String[] out = new String[leg.size()];
    Arrays.setAll(out, i -> storageIds[leg.node(i)]);
    return out;
  }

  /** The targets without the nodes at {@code bad} (indices into this list), in the same order. */
  BlockTargets without(Set<Integer> bad) {
    List<Integer> keep = new ArrayList<>();
    for (int i = 0; i < nodes.length; i++) {
      if (!bad.contains(i)) {
        keep.add(i);
      }
    }
    if (keep.isEmpty()) {
      throw new IllegalArgumentException("no replica left");
    }
    DatanodeInfo[] n = new DatanodeInfo[keep.size()];
    StorageType[] t = new StorageType[keep.size()];
    String[] s = new String[keep.size()];
    for (int i = 0; i < n.length; i++) {
      n[i] = nodes[keep.get(i)];
      t[i] = types[keep.get(i)];
      s[i] = storageIds[keep.get(i)];
    }
    return new BlockTargets(n, t, s);
  }

  @Override
  public String toString() {
    return Arrays.toString(nodes);
  }
}
