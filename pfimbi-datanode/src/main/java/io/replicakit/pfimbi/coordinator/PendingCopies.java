/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.pfimbi.rpc.NodeRef;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongToIntFunction;

/**
 * The background copies the coordinator has assigned to each DataNode and that have not landed yet, in bytes, and
 * the choice between candidate target lists that this knowledge allows.
 *
 * <p>Why: the placement policy picks a block's background targets when its pipeline starts, and sees a node's
 * load only as its active transfers ({@code dfs.namenode.redundancy.considerLoad}). A background copy waiting in
 * a Replication Manager's queue is no transfer yet, so a node can be handed many more copies than the others by
 * chance; its disk then finishes last, alone, and that tail sets the work span (thesis §5.5 counts the span to
 * the last copy). Asking the policy for two candidate lists and keeping the one whose targets have the least
 * waiting for them is the "power of two choices" (Mitzenmacher, 2001), which HDFS itself uses for free space
 * ({@code AvailableSpaceBlockPlacementPolicy} draws two nodes and keeps the emptier): every candidate is the
 * policy's own answer, so its rack and storage rules hold whichever is kept.
 *
 * <p>Copies land in pipeline order, so of a block's {@code t} targets with {@code r} of its {@code n} replicas
 * live, the last {@code n - r} targets are the ones still waiting. Not thread-safe: the coordinator's thread only.
 */
final class PendingCopies {

  private final Map<String, Long> bytesByNode = new HashMap<>();

  /**
   * The copies still to land of every tracked file's started blocks.
   *
   * @param liveReplicas a block's live replicas now, by block ID
   */
  static PendingCopies of(Collection<Tracked> files, LongToIntFunction liveReplicas) {
    PendingCopies pending = new PendingCopies();
    for (Tracked file : files) {
      for (Map.Entry<Long, Tracked.Started> e : file.started.entrySet()) {
        List<NodeRef> targets = e.getValue().targets();
        int waiting = Math.min(targets.size(), file.spec.replication() - liveReplicas.applyAsInt(e.getKey()));
        if (waiting > 0) {
          pending.add(targets.subList(targets.size() - waiting, targets.size()), e.getValue().bytes());
        }
      }
    }
    return pending;
  }

  /** Counts a block's copies of {@code bytes} as waiting on each of {@code targets}. */
  void add(List<NodeRef> targets, long bytes) {
    for (NodeRef t : targets) {
      bytesByNode.merge(t.datanodeUuid(), bytes, Long::sum);
    }
  }

  /** Bytes of background copies waiting for DataNode {@code datanodeUuid}. */
  long bytes(String datanodeUuid) {
    return bytesByNode.getOrDefault(datanodeUuid, 0L);
  }

  /**
   * The candidate whose most loaded target has the least waiting, then the one with the least in total; the
   * earliest among equals (so one candidate, or identical ones, change nothing).
   *
   * @param candidates at least one
   */
  List<NodeRef> lightest(List<List<NodeRef>> candidates) {
    List<NodeRef> best = candidates.get(0);
    for (List<NodeRef> c : candidates.subList(1, candidates.size())) {
      int byMax = Long.compare(max(c), max(best));
      if (byMax < 0 || byMax == 0 && sum(c) < sum(best)) {
        best = c;
      }
    }
    return best;
  }

  private long max(List<NodeRef> targets) {
    return targets.stream().mapToLong(t -> bytes(t.datanodeUuid())).max().orElse(0);
  }

  private long sum(List<NodeRef> targets) {
    return targets.stream().mapToLong(t -> bytes(t.datanodeUuid())).sum();
  }
}
