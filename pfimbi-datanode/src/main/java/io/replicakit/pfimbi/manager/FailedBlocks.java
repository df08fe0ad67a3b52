/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The blocks whose background copy failed here recently, with why: the NameNode reads them through the status
 * call and falls back to HDFS's re-replication at once instead of waiting for its background timeout. Bounded
 * (a DataNode whose disk is full can fail every notice): the newest {@code capacity} are kept, a block failing
 * again moves to the newest place.
 *
 * <p>Keyed by block pool and ID: federated namespaces share block IDs, and a NameNode must not take another pool's
 * failure for a block of its own it waits for.
 */
public final class FailedBlocks {

  /**
   * A block of one pool.
   *
   * @param blockPoolId the pool; empty when not known, which every NameNode reads as its own (falling back early
   *     is safe: HDFS re-replicates)
   * @param blockId the block's ID
   */
  public record Block(String blockPoolId, long blockId) {
    public Block {
      blockPoolId = blockPoolId == null ? "" : blockPoolId;
    }
  }

  /** Enough for every block of a burst of large jobs between two status calls of the NameNode. */
  public static final int DEFAULT_CAPACITY = 1024;

  private final Map<Block, String> reasons;

  public FailedBlocks(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be >= 1, was " + capacity);
    }
    this.reasons = new LinkedHashMap<>(16, 0.75f, false) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Block, String> eldest) {
        return size() > capacity;
      }
    };
  }

  public synchronized void record(String blockPoolId, long blockId, String reason) {
    Block block = new Block(blockPoolId, blockId);
    reasons.remove(block);
    reasons.put(block, reason);
  }

  /** A block accepted anew (the NameNode asked again) is no longer a failure. */
  public synchronized void forget(String blockPoolId, long blockId) {
    reasons.remove(new Block(blockPoolId, blockId));
  }

  /** Block to reason, oldest first. */
  public synchronized Map<Block, String> snapshot() {
    return new LinkedHashMap<>(reasons);
  }

  public synchronized int size() {
    return reasons.size();
  }
}
