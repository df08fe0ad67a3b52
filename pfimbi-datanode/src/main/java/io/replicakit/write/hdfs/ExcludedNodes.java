/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/**
 * The DataNodes a stream asks the NameNode not to place its next block on: those a block could not be set up on.
 * Each stays excluded for {@code dfs.client.write.exclude.nodes.cache.expiry.interval.millis} (10 minutes by
 * default) after its last failure, as in HDFS's {@code DataStreamer}, whose excluded nodes are a cache expiring
 * that long after each write: a node that failed once (a restart, a full disk since emptied) is offered again,
 * so a file written for hours on a small cluster does not lose nodes for good. Not thread-safe: one stream's
 * writer thread uses it.
 */
final class ExcludedNodes {

  private final long expiryMs;
  private final LongSupplier nowMs;
  /** Each node with when it was last excluded, oldest first. */
  private final Map<DatanodeInfo, Long> since = new LinkedHashMap<>();

  /**
   * @param expiryMs how long a node stays excluded, in milliseconds (HDFS's key; 0 excludes for no time, as a
   *     cache expiring at once)
   * @param nowMs a monotonic clock in milliseconds
   */
  ExcludedNodes(long expiryMs, LongSupplier nowMs) {
    if (expiryMs < 0) {
      throw new IllegalArgumentException("expiry must not be negative: " + expiryMs + " ms");
    }
    this.expiryMs = expiryMs;
    this.nowMs = nowMs;
  }

  /** Excludes {@code node} from now on, for the expiry (again, if it was already). */
  void add(DatanodeInfo node) {
    since.remove(node);
    since.put(node, nowMs.getAsLong());
  }

  /** The nodes excluded now, oldest first. */
  DatanodeInfo[] current() {
    long now = nowMs.getAsLong();
    for (Iterator<Long> it = since.values().iterator(); it.hasNext(); ) {
      if (now - it.next() < expiryMs) {
        break;
      }
      it.remove();
    }
    return since.keySet().toArray(new DatanodeInfo[0]);
  }

  @Override
  public String toString() {
    return since.keySet().toString();
  }
}
