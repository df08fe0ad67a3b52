/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.choice;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Replicas a policy put on each DataNode since the node's last report (heartbeat or metrics sample).
 *
 * <p>Why: what a node reports is seconds old, and a NameNode places many blocks in that time. A policy that
 * trusts the last report alone sends every block of a burst to the node that looked best then (the herding the
 * read-selection experiments showed); counting its own placements until the next report makes the node look
 * busier, and fuller, with each block it was given. A report is identified by a mark that changes with each new
 * report ({@link #mark}); the count restarts at the first placement under a new mark.
 *
 * <p>Thread-safe: NameNodes choose targets for several writers at once. One entry per DataNode ever seen.
 */
public final class RecentPlacements {

  private record Entry(long mark, int count) {}

  private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();

  /**
   * A mark for a node's report state from its last heartbeat time and its last metrics sample's sequence
   * ({@code -1} without one): different whenever either changes.
   */
  public static long mark(long lastHeartbeat, long sampleSequence) {
    return lastHeartbeat * 31 + (sampleSequence + 1) * 0x9E3779B97F4A7C15L;
  }

  /** Placements on {@code node} since the report {@code mark} stands for. */
  public int since(String node, long mark) {
    Entry e = entries.get(node);
    return e == null || e.mark != mark ? 0 : e.count;
  }

  /** Notes a replica placed on {@code node}, whose current report is {@code mark}. */
  public void placed(String node, long mark) {
    entries.merge(node, new Entry(mark, 1), (old, one) -> old.mark == mark ? new Entry(mark, old.count + 1) : one);
  }
}
