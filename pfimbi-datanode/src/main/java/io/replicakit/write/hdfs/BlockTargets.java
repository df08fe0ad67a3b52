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
import org.apache.hadoop.hdfs.protocol.LocatedBlock;

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

  /** The nodes the NameNode gave for a block, with their storages (IDs unknown on an old NameNode: null). */
  static BlockTargets of(LocatedBlock block) {
    DatanodeInfo[] nodes = block.getLocations();
    String[] ids = block.getStorageIDs() == null ? new String[nodes.length] : block.getStorageIDs();
    return new BlockTargets(nodes, block.getStorageTypes(), ids);
  }

  int size() {
    return nodes.length;
  }

  /**
   * The index of the one node these targets have beyond {@code before} (as a NameNode answers a request for one
   * more node: the old ones and the new one, in its order), or -1 if they are not exactly one node more.
   */
  int added(BlockTargets before) {
    if (nodes.length != before.nodes.length + 1) {
      return -1;
    }
    List<DatanodeInfo> old = Arrays.asList(before.nodes);
    int found = -1;
    for (int i = 0; i < nodes.length; i++) {
      if (!old.contains(nodes[i])) {
        if (found >= 0) {
          return -1;
        }
        found = i;
      }
    }
    return found;
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
