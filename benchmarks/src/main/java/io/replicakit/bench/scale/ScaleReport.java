/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import io.replicakit.bench.results.BarChart;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.SourceState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Writes placement-scale's {@code report.md} and plots: per cluster size, each policy's block allocations and
 * re-replications per second (mean ± std over the runs) with its ratio to HDFS's default policy from the same run.
 */
final class ScaleReport {

  private ScaleReport() {}

  static void write(ExperimentResults results, Path outDir, String command, String setup, double runSeconds)
      throws IOException {
    Files.writeString(outDir.resolve("report.md"), render(results, command, setup, runSeconds),
        StandardCharsets.UTF_8);
    chart(results, "Block allocations per second (addBlock)", ScaleSample.OPS_PER_S)
        .writePng(outDir.resolve("ops-per-s.png"));
    chart(results, "Blocks scheduled for re-replication per second", "replication_blocks_per_s")
        .writePng(outDir.resolve("replication-blocks-per-s.png"));
  }

  static String render(ExperimentResults results, String command, String setup, double runSeconds) {
    StringBuilder md = new StringBuilder("# Placement at scale (NNThroughputBenchmark)\n\n");
    SourceState source = SourceState.current();
    md.append(String.format(Locale.ROOT, "Command: `%s` (profile %s, Hadoop %s, commit %s%s; %.0f s)%n%n", command,
        results.profile(), results.hadoopVersion(), source.commit(), source.dirty() ? ", dirty" : "", runSeconds));
    md.append("## Setup\n\n").append(setup).append("\n\n## Results\n\n");
    for (String stage : stages(results)) {
      md.append("### ").append(stage).append("\n\n");
      md.append(Md.header(List.of("policy", "addBlock ops/s", "× default", "op time ms", "re-replication blocks/s",
          "× default", "redundancy-monitor iterations/s", "racks seen")));
      Optional<RunResult> base = results.runs().stream().filter(r -> r.stage().equals(stage) && r.baseline())
          .findFirst();
      for (RunResult r : results.runs()) {
        if (r.stage().equals(stage)) {
          md.append(Md.row(List.of(r.variant(), meanStd(r, ScaleSample.OPS_PER_S),
              ratio(r, base, ScaleSample.OPS_PER_S), Md.num(r.metric("addblock_op_time_ms")),
              meanStd(r, "replication_blocks_per_s"), ratio(r, base, "replication_blocks_per_s"),
              meanStd(r, "replication_ops_per_s"), String.valueOf(r.detail().get("racks_seen")))));
        }
      }
      md.append('\n');
    }
    md.append("![block allocations](ops-per-s.png)\n\n![re-replication](replication-blocks-per-s.png)\n");
    return md.toString();
  }

  private static String meanStd(RunResult r, String metric) {
    return Md.meanStd(r.metric(metric), r.metric(metric + "_std"), r.repetitions());
  }

  private static String ratio(RunResult r, Optional<RunResult> base, String metric) {
    return base.map(b -> Md.ratio(r.metric(metric), b.metric(metric))).orElse("–");
  }

  private static List<String> stages(ExperimentResults results) {
    List<String> stages = new ArrayList<>();
    results.runs().forEach(r -> {
      if (!stages.contains(r.stage())) {
        stages.add(r.stage());
      }
    });
    return stages;
  }

  private static BarChart chart(ExperimentResults results, String title, String metric) {
    List<String> stages = stages(results);
    BarChart chart = new BarChart(title, "cluster size", metric, stages);
    for (String policy : results.variants()) {
      chart.series(policy, stages.stream()
          .map(s -> results.run(policy, s).map(r -> r.metric(metric)).orElse(0.0)).toList());
    }
    return chart;
  }
}
