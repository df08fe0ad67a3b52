/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import io.replicakit.placement.choice.PoolDraw;
import java.util.Collection;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;

/**
 * The random candidates of one decision: the first always from HDFS's own draw, so any node HDFS could pick can be
 * picked; the others, in a scope spanning racks (the whole cluster, or all but one rack: the first and second
 * replicas' scopes), from a {@link NodeSnapshot} of the DataNodes ({@link PoolDraw}), each checked against the live
 * topology as HDFS's draw would check it; in a rack, and whenever the snapshot yields too few, from HDFS's draw.
 *
 * <p>Why: HDFS's draw from a scope spanning racks walks the racks from the root (about 500 of them at 10,000
 * DataNodes), and a policy comparing four candidates made four such walks per replica where HDFS's default makes
 * one: 3-4x its cost per {@code chooseTarget} in {@code ChooseTargetBenchmark} (a run on a busy machine, not
 * published). A draw in a rack of 20 is cheap. What this saves at the NameNode is measured, and not yet enough:
 * see {@link PolicyCore}.
 */
final class CandidateDraw {

  /** Snapshot attempts per candidate wanted before HDFS's draw takes over. */
  private static final int ATTEMPTS_PER_CANDIDATE = 4;

  private final NodeSnapshot snapshot;
  private final RandomGenerator random;

  CandidateDraw(NodeSnapshot snapshot, RandomGenerator random) {
    this.snapshot = snapshot;
    this.random = random;
  }

  /** What HDFS asked for: random nodes of {@code scope}, none in {@code excluded}, with {@code type} (or any). */
  record Request(NetworkTopology map, String scope, Collection<Node> excluded, StorageType type) {

    Node draw() {
      return type == null ? map.chooseRandom(scope, excluded)
          : ((DFSNetworkTopology) map).chooseRandomWithStorageTypeTwoTrial(scope, excluded, type);
    }

    /** Whether HDFS's draw for this request could return {@code node} now. */
    boolean eligible(DatanodeDescriptor node) {
      return (excluded == null || !excluded.contains(node)) && inScope(NodeBase.getPath(node))
          && (type == null || node.hasStorageType(type)) && map.contains(node);
    }

    boolean spansRacks() {
      return scope.equals(NodeBase.ROOT) || scope.startsWith("~");
    }

    boolean inScope(String path) {
      return scope.startsWith("~") ? !under(path, scope.substring(1)) : under(path, scope);
    }

    private static boolean under(String path, String scope) {
      if (scope.equals(NodeBase.ROOT)) {
        return true;
      }
      String prefix = scope.endsWith(NodeBase.PATH_SEPARATOR_STR) ? scope : scope + NodeBase.PATH_SEPARATOR_STR;
      return (path + NodeBase.PATH_SEPARATOR_STR).startsWith(prefix);
    }
  }

  /**
   * Up to {@code into.length} distinct random nodes for {@code request}; fewer when the scope runs out.
   *
   * @return how many were put at the start of {@code into}
   */
  int sample(Request request, DatanodeDescriptor[] into) {
    int count = fromTopology(request, into, 0, 1);
    if (count == 0) {
      return 0;
    }
    if (count < into.length && request.spansRacks()) {
      count = PoolDraw.fill(snapshot.nodes(request.map()), request::eligible, into, count,
          ATTEMPTS_PER_CANDIDATE * into.length, random);
    }
    return fromTopology(request, into, count, 2 * into.length);
  }

  /**
   * Adds HDFS draws to {@code into} after its first {@code count}, at most {@code maxDraws}. A node drawn twice is
   * drawn again: in a rack with two nodes left, two draws alone would compare a node with itself one time in two.
   */
  private static int fromTopology(Request request, DatanodeDescriptor[] into, int count, int maxDraws) {
    int filled = count;
    for (int draw = 0; filled < into.length && draw < maxDraws; draw++) {
      Node node = request.draw();
      if (node == null) {
        break; // nothing left in scope: later draws find nothing either
      }
      if (!PoolDraw.contains(into, filled, node)) {
        into[filled++] = (DatanodeDescriptor) node;
      } else if (NodeBase.getPath(node).equals(request.scope())) {
        break; // the scope is this one node (the first replica's pick): nothing else to draw
      }
    }
    return filled;
  }
}
