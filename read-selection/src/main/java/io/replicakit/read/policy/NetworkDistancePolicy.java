/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * HDFS's own order (the read paper's "network-distance-based selection"): closest first, ties at random. The
 * topology does not even call it: for this policy it runs HDFS's code itself, secondary sorts included, so
 * behaviour is exactly HDFS's. It exists for the other policies' fallbacks and for the benchmarks.
 */
public final class NetworkDistancePolicy implements ReadPolicy {

  public static final String NAME = "network-distance";

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    return Orders.closestFirst(replicas, random);
  }

  @Override
  public String name() {
    return NAME;
  }
}
