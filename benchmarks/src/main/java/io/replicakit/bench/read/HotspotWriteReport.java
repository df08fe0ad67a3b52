/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.results.BarChart;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.SourceState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Writes the hotspot write workload's {@code report.md} and plot: per stage, each placement policy's write
 * throughput (mean ± std), its ratio to HDFS's default policy from the same run, and the share of the written
 * blocks that got a replica on the stressed DataNode.
 */
final class HotspotWriteReport {

  private HotspotWriteReport() {}

  static void write(ExperimentResults results, Path outDir, String command, String setup, double runSeconds)
      throws IOException {
    Files.writeString(outDir.resolve("report.md"), render(results, command, setup, runSeconds),
        StandardCharsets.UTF_8);
    List<String> stages = HotspotWriteExperiment.STAGES.stream().map(HotspotStage::id).toList();
    BarChart chart = new BarChart("Write throughput with one stressed DataNode", "stage", "MB/s", stages);
    for (String policy : results.variants()) {
      chart.series(policy, stages.stream().map(s -> results.run(policy, s)
          .map(r -> r.metric(HotspotWriteExperiment.THROUGHPUT)).orElse(0.0)).toList());
    }
    chart.writePng(outDir.resolve("write-throughput.png"));
  }

  static String render(ExperimentResults results, String command, String setup, double runSeconds) {
    SourceState source = SourceState.current();
    StringBuilder md = new StringBuilder("# Hotspot: writes with one stressed DataNode\n\n");
    md.append(String.format(Locale.ROOT, "Command: `%s` (profile %s, Hadoop %s, commit %s%s; %.0f s)%n%n", command,
        results.profile(), results.hadoopVersion(), source.commit(), source.dirty() ? ", dirty" : "", runSeconds));
    md.append("## Setup\n\n").append(setup).append("\n\n## Results\n\n");
    md.append(Md.header(List.of("stage", "policy", "write MB/s", "× default", "blocks with a replica on the"
        + " stressed node %")));
    for (HotspotStage stage : HotspotWriteExperiment.STAGES) {
      Optional<RunResult> base = results.runs().stream()
          .filter(r -> r.stage().equals(stage.id()) && r.baseline()).findFirst();
      for (RunResult r : results.runs()) {
        if (r.stage().equals(stage.id())) {
          double mbs = r.metric(HotspotWriteExperiment.THROUGHPUT);
          md.append(Md.row(List.of(stage.id(), r.variant(),
              Md.meanStd(mbs, r.metric(HotspotWriteExperiment.THROUGHPUT + "_std"), r.repetitions()),
              base.map(b -> Md.ratio(mbs, b.metric(HotspotWriteExperiment.THROUGHPUT))).orElse("–"),
              Md.pct(r.metric("stressed_node_block_share_pct")))));
        }
      }
    }
    md.append("\n![write throughput](write-throughput.png)\n");
    return md.toString();
  }
}
