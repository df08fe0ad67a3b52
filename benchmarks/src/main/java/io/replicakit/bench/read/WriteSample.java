/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.Stats;
import io.replicakit.testbed.dfsio.DfsioResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * One TestDFSIO write of the hotspot write workload and where its replicas went; the repetitions of a policy in a
 * stage become one result (mean, {@code _std}) in the common format. Pure.
 *
 * @param dfsio the job's summary
 * @param stressedSharePct share of the written blocks with a replica on the stressed DataNode
 */
record WriteSample(DfsioResult dfsio, double stressedSharePct) {

  static WriteSample of(DfsioResult dfsio, DataLayout written, String stressed) {
    return new WriteSample(dfsio, written.blockSharePct(stressed));
  }

  /** MB written per second of the job: all files' bytes over its execution time. */
  double aggregateMbS() {
    return dfsio.execTimeS() > 0 ? dfsio.totalMb() / dfsio.execTimeS() : Double.NaN;
  }

  static RunResult result(String policy, boolean baseline, String stage, List<WriteSample> samples) {
    Map<String, Double> m = new LinkedHashMap<>();
    Stats throughput = stats(samples, WriteSample::aggregateMbS);
    m.put(HotspotWriteExperiment.THROUGHPUT, throughput.mean());
    m.put(HotspotWriteExperiment.THROUGHPUT + "_std", throughput.std());
    m.put("exec_time_s", stats(samples, s -> s.dfsio().execTimeS()).mean());
    m.put("dfsio_throughput_mb_s", stats(samples, s -> s.dfsio().throughputMbS()).mean());
    m.put("stressed_node_block_share_pct", stats(samples, WriteSample::stressedSharePct).mean());
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put(HotspotWriteExperiment.THROUGHPUT + "_runs",
        samples.stream().map(s -> ReadMetrics.round(s.aggregateMbS())).toList());
    detail.put("stressed_node_block_share_pct_runs",
        samples.stream().map(s -> ReadMetrics.round(s.stressedSharePct())).toList());
    return new RunResult(policy, baseline, stage, samples.size(), m, detail);
  }

  private static Stats stats(List<WriteSample> samples, ToDoubleFunction<WriteSample> f) {
    return Stats.of(samples.stream().map(f::applyAsDouble).toList());
  }
}
