/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The connections ("legs") a block's packets take to its replicas under a {@link WriteMode}. Nodes are numbered
 * as the NameNode listed them for the block (0 is the first, the writer's own node when it is a DataNode).
 *
 * <ul>
 *   <li>{@code pipeline}: one leg, the chain 0 → 1 → ... (HDFS's own).</li>
 *   <li>{@code broadcast}: one leg per node, each a pipeline of length one (paper §II.B).</li>
 *   <li>{@code master-slave}: one leg to node 0's relay, which forwards to the others in parallel (§II.C); with
 *       one node there is nothing to forward, so it is a plain leg.</li>
 * </ul>
 */
public final class Route {

  /**
   * One connection of a block write.
   *
   * @param nodes the block's nodes it reaches, in the order acks report them (the first is the one connected)
   * @param viaRelay whether it goes to the first node's write relay instead of its data-transfer port
   */
  public record Leg(int[] nodes, boolean viaRelay) {

    public Leg {
      if (nodes.length == 0) {
        throw new IllegalArgumentException("a leg reaches at least one node");
      }
      nodes = nodes.clone();
    }

    @Override
    public int[] nodes() {
      return nodes.clone();
    }

    public int first() {
      return nodes[0];
    }

    public int size() {
      return nodes.length;
    }

    /** The block's node at position {@code i} of this leg (an ack's reply index). */
    public int node(int i) {
      return nodes[i];
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Leg l && viaRelay == l.viaRelay && Arrays.equals(nodes, l.nodes);
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(nodes) + Boolean.hashCode(viaRelay);
    }

    @Override
    public String toString() {
      return (viaRelay ? "relay" : "direct") + Arrays.toString(nodes);
    }
  }

  private Route() {}

  /** The legs for a block of {@code nodeCount} nodes written in {@code mode}. */
  public static List<Leg> legs(WriteMode mode, int nodeCount) {
    if (nodeCount < 1) {
      throw new IllegalArgumentException("a block has at least one node, got " + nodeCount);
    }
    int[] all = new int[nodeCount];
    Arrays.setAll(all, i -> i);
    return switch (mode) {
      case PIPELINE -> List.of(new Leg(all, false));
      case MASTER_SLAVE -> List.of(new Leg(all, nodeCount > 1));
      case BROADCAST -> {
        List<Leg> legs = new ArrayList<>(nodeCount);
        for (int i = 0; i < nodeCount; i++) {
          legs.add(new Leg(new int[] {i}, false));
        }
        yield List.copyOf(legs);
      }
    };
  }
}
