/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.Stats;

/**
 * One run of both operations for one policy at one size, as NNThroughputBenchmark measured them, and how the runs
 * of a policy and size become one result in the common format.
 *
 * @param addBlockOpsPerS block allocations per second
 * @param addBlockAvgMs mean time of one allocation as its thread saw it
 * @param replicationOpsPerS redundancy-monitor iterations per second (the tool's "Ops per sec")
 * @param replicationBlocksPerS blocks scheduled for re-replication per second (the tool's "replications per sec")
 * @param replicationBlocks blocks scheduled
 * @param dataNodes DataNodes the NameNode's topology held
 * @param racks racks the NameNode's topology held
 */
public record ScaleSample(double addBlockOpsPerS, double addBlockAvgMs, double replicationOpsPerS,
    double replicationBlocksPerS, long replicationBlocks, int dataNodes, int racks) {

  /** The main metric: block allocations per second. */
  public static final String OPS_PER_S = "ops_per_s";

  /** The stage of a cluster size, e.g. {@code nodes-1000}. */
  public static String stage(int dataNodes) {
    return "nodes-" + dataNodes;
  }

  /** A policy's runs at one size as one result: means with {@code _std}, and the topology the NameNode saw. */
  public static RunResult result(String policy, boolean baseline, int dataNodes, List<ScaleSample> runs) {
    Map<String, Double> metrics = new LinkedHashMap<>();
    put(metrics, OPS_PER_S, runs, ScaleSample::addBlockOpsPerS, true);
    put(metrics, "addblock_op_time_ms", runs, ScaleSample::addBlockAvgMs, false);
    put(metrics, "replication_blocks_per_s", runs, ScaleSample::replicationBlocksPerS, true);
    put(metrics, "replication_ops_per_s", runs, ScaleSample::replicationOpsPerS, true);
    put(metrics, "replication_blocks_count", runs, s -> s.replicationBlocks(), false);
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("racks_seen", runs.stream().mapToInt(ScaleSample::racks).max().orElse(0));
    detail.put("datanodes_seen", runs.stream().mapToInt(ScaleSample::dataNodes).max().orElse(0));
    detail.put("ops_per_s_runs", runs.stream().map(ScaleSample::addBlockOpsPerS).toList());
    detail.put("replication_blocks_per_s_runs", runs.stream().map(ScaleSample::replicationBlocksPerS).toList());
    return new RunResult(policy, baseline, stage(dataNodes), runs.size(), metrics, detail);
  }

  private static void put(Map<String, Double> metrics, String name, List<ScaleSample> runs,
      ToDoubleFunction<ScaleSample> value, boolean withStd) {
    Stats stats = Stats.of(runs.stream().map(value::applyAsDouble).toList());
    metrics.put(name, stats.mean());
    if (withStd) {
      metrics.put(name + "_std", stats.std());
    }
  }
}
