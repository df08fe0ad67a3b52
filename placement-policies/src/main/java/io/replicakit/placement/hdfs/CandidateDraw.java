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
 * picked; the others from a {@link NodeSnapshot} ({@link PoolDraw}): of all DataNodes for a scope spanning racks (the
 * whole cluster, or all but one rack: the first and second replicas' scopes), of the rack's DataNodes for a rack
 * (the third replica's scope; a node group's for a node group), each checked against the live topology as HDFS's
 * draw would check it. For a scope that is one node, and whenever a scope spanning racks yields too few, HDFS's
 * draw makes up the rest.
 *
 * <p>Why: HDFS's draw walks the topology on every call: through the racks from the root (about 500 of them at 10,000
 * DataNodes) for a scope spanning racks, and even within a rack it resolves the scope's path and every excluded
 * node's path again. A policy comparing four candidates made four draws per replica where HDFS's default makes
 * one; in a profile of {@code placement-scale} at 10,000 DataNodes (efef424, docs/experiments/placement-scale.md)
 * the draws in the third replica's rack took 7x the samples the default's one draw there took. Now a decision makes
 * HDFS's one draw plus O(1) picks from the lists, except where there is no list (a scope that is one node, the
 * first replica's check) or a cluster-wide list yields too few.
 */
final class CandidateDraw {

  /** Snapshot attempts per candidate wanted before the rest is filled another way. */
  private static final int ATTEMPTS_PER_CANDIDATE = 4;

  private final NodeSnapshot snapshot;
  private final RandomGenerator random;

  CandidateDraw(NodeSnapshot snapshot, RandomGenerator random) {
    this.snapshot = snapshot;
    this.random = random;
  }

  /**
   * What HDFS asked for: random nodes of {@code scope}, none in {@code excluded}, with {@code type} (or any). The
   * scope is kept as HDFS resolves it, without a trailing separator ({@code NodeBase.normalize}).
   */
  record Request(NetworkTopology map, String scope, Collection<Node> excluded, StorageType type) {

    Request {
      int from = scope.startsWith("~") ? 1 : 0;
      if (scope.length() > from && scope.charAt(scope.length() - 1) == NodeBase.PATH_SEPARATOR) {
        scope = scope.substring(0, scope.length() - 1);
      }
    }

    Node draw() {
      return type == null ? map.chooseRandom(scope, excluded)
          : ((DFSNetworkTopology) map).chooseRandomWithStorageTypeTwoTrial(scope, excluded, type);
    }

    /** Whether HDFS's draw for this request could return {@code node} now. */
    boolean eligible(DatanodeDescriptor node) {
      return (excluded == null || !excluded.contains(node)) && inScope(node)
          && (type == null || node.hasStorageType(type)) && map.contains(node);
    }

    boolean spansRacks() {
      return isRoot(scope, 0) || scope.startsWith("~");
    }

    /** Whether {@code node} is in the scope: under it, or, for {@code ~scope}, not under it (no allocation). */
    boolean inScope(Node node) {
      boolean outside = scope.startsWith("~");
      int from = outside ? 1 : 0;
      boolean under = isRoot(scope, from) || locationUnder(node.getNetworkLocation(), from) || isNode(node, from);
      return outside != under;
    }

    /** Whether {@code location} is the scope (from index {@code from} on) or lies under it. */
    private boolean locationUnder(String location, int from) {
      int length = scope.length() - from;
      return location.regionMatches(0, scope, from, length)
          && (location.length() == length || location.charAt(length) == NodeBase.PATH_SEPARATOR);
    }

    /** Whether the scope (from index {@code from} on) is {@code node}'s own path, location/name. */
    private boolean isNode(Node node, int from) {
      String location = node.getNetworkLocation();
      String name = node.getName();
      int at = from + location.length();
      return scope.length() == at + 1 + name.length() && scope.regionMatches(from, location, 0, location.length())
          && scope.charAt(at) == NodeBase.PATH_SEPARATOR && scope.regionMatches(at + 1, name, 0, name.length());
    }

    private static boolean isRoot(String scope, int from) {
      return scope.length() == from;
    }
  }

  /**
   * Up to {@code into.length} distinct random nodes for {@code request}; fewer when the scope runs out.
   *
   * @return how many were put at the start of {@code into}
   */
  int sample(Request request, DatanodeDescriptor[] into) {
    int count = fromTopology(request, into, 0, 1);
    if (count == 0 || count == into.length) {
      return count;
    }
    if (request.spansRacks()) {
      count = PoolDraw.fill(snapshot.nodes(request.map()), request::eligible, into, count,
          ATTEMPTS_PER_CANDIDATE * into.length, random);
      return fromTopology(request, into, count, 2 * into.length);
    }
    DatanodeDescriptor[] rack = snapshot.under(request.map(), request.scope());
    if (rack.length == 0) {
      return fromTopology(request, into, count, 2 * into.length); // a node's path, or a rack that just appeared
    }
    count = PoolDraw.fill(rack, request::eligible, into, count, ATTEMPTS_PER_CANDIDATE * into.length, random);
    // A rack is short: what the attempts missed, one pass finds, or shows that the list holds no more. A node
    // that joined the rack since the list was taken is left out of the extra candidates (HDFS's draw can still
    // return it), as from the cluster-wide list.
    return count == into.length ? count : PoolDraw.fillFromAll(rack, request::eligible, into, count, random);
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
