/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import java.util.List;
import java.util.Locale;

/**
 * How much work one placement-scale run does per policy and cluster size.
 *
 * @param addBlockOps block allocations timed per run (one {@code chooseTarget} each); enough that a run lasts well
 *     over ten seconds, so a pause of the machine or the JVM moves the rate by little
 * @param warmUpOps untimed allocations before the timed ones, on the same NameNode
 * @param threads NNThroughputBenchmark worker threads for the allocations
 * @param blocksPerNode replicas per simulated DataNode before the decommission (the tool's blocks per report)
 * @param decommissionPct share of the DataNodes decommissioned for the re-replication run (at least one)
 * @param repetitions runs per policy and size; the report gives mean and sample standard deviation
 */
public record ScaleProfile(String name, String description, int addBlockOps, int warmUpOps, int threads,
    int blocksPerNode, double decommissionPct, int repetitions) {

  /** About a quarter of an hour on two cores for four policies at both sizes. */
  public static final ScaleProfile QUICK = new ScaleProfile("quick",
      "120,000 block allocations by 4 threads after 20,000 untimed; re-replication of 5 % of the DataNodes at 12"
          + " replicas each; 2 runs",
      120_000, 20_000, 4, 12, 5, 2);

  /** The full measurement: thrice the allocations, more replicas, five runs. */
  public static final ScaleProfile PAPER = new ScaleProfile("paper",
      "450,000 block allocations by 4 threads after 50,000 untimed; re-replication of 5 % of the DataNodes at 30"
          + " replicas each; 5 runs",
      450_000, 50_000, 4, 30, 5, 5);

  public static final List<ScaleProfile> ALL = List.of(QUICK, PAPER);

  public static ScaleProfile named(String name) {
    return ALL.stream().filter(p -> p.name().equals(name.toLowerCase(Locale.ROOT))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + name + "'; profiles: quick, paper"));
  }

  /** DataNodes to decommission in a cluster of {@code dataNodes}: the profile's share, at least one. */
  public int decommission(int dataNodes) {
    return Math.max(1, (int) Math.round(dataNodes * decommissionPct / 100));
  }

  public ScaleProfile withRepetitions(int runs) {
    return new ScaleProfile(name, description, addBlockOps, warmUpOps, threads, blocksPerNode, decommissionPct,
        runs);
  }
}
