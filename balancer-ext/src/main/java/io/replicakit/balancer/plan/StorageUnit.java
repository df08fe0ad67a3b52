/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import java.util.Objects;

/**
 * A DataNode's storages of one type, the unit HDFS's Balancer balances (its {@code StorageGroup}): capacity and
 * used bytes as the NameNode reports them, the node's rack, and its disk load from the heartbeat metrics.
 *
 * @param node the DataNode's UUID
 * @param rack its network location
 * @param storageType DISK, SSD, ...
 * @param capacity bytes
 * @param used bytes: capacity less remaining, as HDFS's {@code BalancingPolicy.Node} counts them
 * @param remaining bytes still free
 * @param busyPct how busy the node's busiest volume is (0-100), or NaN when no fresh sample is known
 */
public record StorageUnit(String node, String rack, String storageType, long capacity, long used, long remaining,
    double busyPct) {

  public StorageUnit {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(rack, "rack");
    Objects.requireNonNull(storageType, "storageType");
    if (capacity <= 0 || used < 0 || remaining < 0) {
      throw new IllegalArgumentException("capacity " + capacity + ", used " + used + ", remaining " + remaining);
    }
  }

  /** Used percent of capacity, as HDFS's Balancer computes it. */
  public double utilizationPct() {
    return used * 100.0 / capacity;
  }

  /** The same unit after {@code bytes} more (negative: fewer) are stored on it. */
  public StorageUnit plus(long bytes) {
    return new StorageUnit(node, rack, storageType, capacity, used + bytes, Math.max(0, remaining - bytes),
        busyPct);
  }

  /** Node and storage type: what identifies a unit. */
  public String key() {
    return node + ":" + storageType;
  }
}
