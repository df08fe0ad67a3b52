/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The read paper's "storage type selection" (§3.2): the fastest replica the §3.1 network rules allow goes
 * first; without one, closest first. Every block is then read from fast storage where possible, so slow
 * storage idles (Fig. 4(b)): its expected throughput is the fast storage's alone.
 */
public final class StorageTypePolicy implements ReadPolicy {

  public static final String NAME = "storage-type";

  private final StorageModel model;

  public StorageTypePolicy(StorageModel model) {
    this.model = model;
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    Replica fast = model.choose(replicas, random).bestFast();
    return fast == null ? Orders.closestFirst(replicas, random) : Orders.withFirst(fast, replicas, random);
  }

  @Override
  public String name() {
    return NAME;
  }
}
