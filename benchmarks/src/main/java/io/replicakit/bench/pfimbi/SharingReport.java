/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.LineChart;
import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.spec.ClusterSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** report.md and the plots of the sharing experiment (thesis §5.4). */
final class SharingReport {

  static final String FLOWS_PLOT = "flows.png";
  static final String POSITIONS_PLOT = "positions.png";

  private SharingReport() {}

  static void write(ExperimentResults results, Map<SharingVariant, List<List<CopyTimeline.Point>>> timelines,
      SharingExperiment.Setup setup, ExperimentRun run, ClusterSpec spec) throws IOException {
    StringBuilder md = new StringBuilder("# Pfimbi: dividing background bandwidth (thesis §5.4)\n\n");
    md.append("Command: `").append(run.command()).append("` (").append(Md.num(run.progress().elapsedSeconds() / 60))
        .append(" min, Hadoop ").append(results.hadoopVersion()).append(")\n\n## Setup\n\n")
        .append(setupText(setup, spec)).append("\n\n");
    if (has(results, SharingVariant.Stage.FLOWS)) {
      md.append(flows(results));
      writeFlowsPlot(timelines, run.outDir().resolve(FLOWS_PLOT));
    }
    if (has(results, SharingVariant.Stage.POSITIONS)) {
      md.append(positions(results));
      writePositionsPlot(timelines, run.outDir().resolve(POSITIONS_PLOT));
    }
    Files.writeString(run.outDir().resolve("report.md"), md.toString(), StandardCharsets.UTF_8);
  }

  private static boolean has(ExperimentResults results, SharingVariant.Stage stage) {
    return results.runs().stream().anyMatch(r -> r.stage().equals(stage.id()));
  }

  private static String setupText(SharingExperiment.Setup setup, ClusterSpec spec) {
    SharingProfile p = setup.profile();
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices " + spec.devices().describe()
        + (spec.usesPageCache() ? "; page cache " + spec.describePageCache() + "; write-back "
            + spec.describeWriteBack() : "") + "; a fresh cluster per variant\n"
        + "- Each job: TestDFSIO writing " + p.files() + " files × " + (p.fileBytes() >> 20) + " MiB ("
        + p.files() + " maps at once, from off-cluster) in " + (p.blockBytes() >> 20) + " MiB blocks ("
        + p.blocksPerJob() + " blocks), replication 1, its directory marked for Pfimbi; Replication Managers "
        + "with " + p.bufferBlocks() + "-block buffers\n"
        + "- `flows` (Fig. 5.8): jobs 1 and 2 at once, job 3 " + p.job3DelayS() + " s after both ended; each "
        + "marked `n=3;s=1;flow=jobN` with the variant's weight. Ratios count the background copies each job "
        + "gained while two flows had copies to make (jobs 1 and 2's end to job 3's start) and while three had (from "
        + "job 3's end, or its first copy if later, on); a window ends when a job in it has 90 % of its copies, as "
        + "its last few wait at one or two nodes only. Positions are shared equally, the thesis's default\n"
        + "- `positions` (Fig. 5.9): one job marked `n=4;s=1`; the Replication Managers serve positions 2, 3 and "
        + "4 as the variant says (`replicakit.pfimbi.wfq.position.mode` and `.weights`)\n"
        + "- Times in seconds from the cluster being ready";
  }

  private static String flows(ExperimentResults results) {
    StringBuilder md = new StringBuilder("## Flow weights (Fig. 5.8)\n\n");
    md.append(Md.header(List.of("variant", "jobs 1, 2 written (s)", "job 3 written (s)", "replicated: job 1, 2, 3 "
        + "(s)", "job 3 replication after its writes (s)", "copies 2:1, two flows", "three flows (s)",
        "copies 2:1, three flows", "copies 3:1, three flows")));
    for (RunResult r : stageRuns(results, SharingVariant.Stage.FLOWS)) {
      md.append(Md.row(List.of("`" + r.variant() + "`",
          Md.num(r.metric("job1_primary_s")) + ", " + Md.num(r.metric("job2_primary_s")),
          Md.num(r.metric("job3_start_s")) + "–" + Md.num(r.metric("job3_primary_s")),
          Md.num(r.metric("job1_replicated_s")) + ", " + Md.num(r.metric("job2_replicated_s")) + ", "
              + Md.num(r.metric("job3_replicated_s")),
          Md.num(r.metric("job3_replication_s")), Md.num(r.metric("two_flows_ratio_2_1")),
          Md.num(r.metric("three_flows_from_s")) + "–" + Md.num(r.metric("three_flows_to_s")),
          Md.num(r.metric("three_flows_ratio_2_1")), Md.num(r.metric("three_flows_ratio_3_1")))));
    }
    md.append("\n![flows](").append(FLOWS_PLOT).append(")\n\nBackground copies landed per job (a block's second "
        + "and third replicas), sampled every 250 ms from the NameNode's block locations.\n\n");
    md.append("The thesis (600 GB per job on 30 nodes): with 1:1:1 the jobs gain copies at about the same rate; "
        + "with 1:4:16 jobs 1 and 2 follow 1:4 before job 3 starts, all three follow their weights once job 3's "
        + "primary writes are done, and job 3 is replicated much sooner than with equal weights.\n\n");
    return md.toString();
  }

  private static String positions(ExperimentResults results) {
    StringBuilder md = new StringBuilder("## Pipeline positions (Fig. 5.9)\n\n");
    md.append(Md.header(List.of("variant", "primary written (s)", "2nd copies: first–last (s)",
        "3rd copies: first–last (s)", "4th copies: first–last (s)")));
    for (RunResult r : stageRuns(results, SharingVariant.Stage.POSITIONS)) {
      List<String> row = new ArrayList<>(List.of("`" + r.variant() + "`", Md.num(r.metric("primary_s"))));
      for (int k = 2; k <= SharingExperiment.POSITION_COPIES; k++) {
        row.add(Md.num(r.metric("copy" + k + "_first_s")) + "–" + Md.num(r.metric("copy" + k + "_all_s")));
      }
      md.append(Md.row(row));
    }
    md.append("\n![positions](").append(POSITIONS_PLOT).append(")\n\nBlocks holding at least 2, 3 and 4 "
        + "replicas over time.\n\n");
    md.append("The thesis (one DFSIO job, four copies): with fair sharing the 2nd and 3rd replicas are created "
        + "alongside the 1st; with earlier positions first they overlap less and each position completes sooner "
        + "than the next, so resilience to failures builds up one copy at a time.\n\n");
    return md.toString();
  }

  private static List<RunResult> stageRuns(ExperimentResults results, SharingVariant.Stage stage) {
    return results.runs().stream().filter(r -> r.stage().equals(stage.id())).toList();
  }

  private static void writeFlowsPlot(Map<SharingVariant, List<List<CopyTimeline.Point>>> timelines, Path file)
      throws IOException {
    List<LineChart> panels = new ArrayList<>();
    timelines.forEach((variant, jobs) -> {
      if (variant.stage() != SharingVariant.Stage.FLOWS) {
        return;
      }
      LineChart chart = new LineChart(variant.id(), "seconds", "background copies landed").legendTopLeft();
      for (int j = 0; j < jobs.size(); j++) {
        List<CopyTimeline.Point> points = jobs.get(j);
        chart.series("job " + (j + 1) + " (weight " + Md.num(variant.flowWeights().get(j)) + ")",
            points.stream().map(CopyTimeline.Point::seconds).toList(),
            points.stream().map(p -> (double) p.extraCopies()).toList());
      }
      panels.add(chart);
    });
    if (!panels.isEmpty()) {
      LineChart.writePanels(panels, panels.size(), file);
    }
  }

  private static void writePositionsPlot(Map<SharingVariant, List<List<CopyTimeline.Point>>> timelines, Path file)
      throws IOException {
    List<LineChart> panels = new ArrayList<>();
    timelines.forEach((variant, jobs) -> {
      if (variant.stage() != SharingVariant.Stage.POSITIONS) {
        return;
      }
      LineChart chart = new LineChart(variant.id(), "seconds", "blocks").legendTopLeft();
      List<CopyTimeline.Point> points = jobs.get(0);
      List<Double> x = points.stream().map(CopyTimeline.Point::seconds).toList();
      for (int k = 1; k < SharingExperiment.POSITION_COPIES; k++) {
        int index = k;
        chart.series("copy " + (k + 1), x, points.stream().map(p -> (double) p.atLeast()[index]).toList());
      }
      panels.add(chart);
    });
    if (!panels.isEmpty()) {
      LineChart.writePanels(panels, panels.size(), file);
    }
  }
}
