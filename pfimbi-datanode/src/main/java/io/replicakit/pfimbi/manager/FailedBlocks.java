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
 */
public final class FailedBlocks {

  /** Enough for every block of a burst of large jobs between two status calls of the NameNode. */
  public static final int DEFAULT_CAPACITY = 1024;

  private final Map<Long, String> reasons;

  public FailedBlocks(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be >= 1, was " + capacity);
    }
    this.reasons = new LinkedHashMap<>(16, 0.75f, false) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Long, String> eldest) {
        return size() > capacity;
      }
    };
  }

  public synchronized void record(long blockId, String reason) {
    reasons.remove(blockId);
    reasons.put(blockId, reason);
  }

  /** A block accepted anew (the NameNode asked again) is no longer a failure. */
  public synchronized void forget(long blockId) {
    reasons.remove(blockId);
  }

  /** Block ID to reason, oldest first. */
  public synchronized Map<Long, String> snapshot() {
    return new LinkedHashMap<>(reasons);
  }

  public synchronized int size() {
    return reasons.size();
  }
}
