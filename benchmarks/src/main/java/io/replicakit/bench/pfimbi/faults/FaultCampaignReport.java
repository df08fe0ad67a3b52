/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.BarChart;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.spec.ClusterSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/** report.md and the recovery-time plot of the fault campaign. */
final class FaultCampaignReport {

  static final String PLOT = "recovery.png";

  private FaultCampaignReport() {}

  static void write(ExperimentResults results, List<StageOutcome> outcomes, FaultCampaign.Setup setup,
      ExperimentRun run, ClusterSpec spec) throws IOException {
    double elapsedS = run.progress().elapsedSeconds();
    writePlot(results, run.outDir().resolve(PLOT));
    StringBuilder md = new StringBuilder("# Pfimbi under faults\n\n");
    md.append("Command: `").append(run.command()).append("` (").append(Md.num(elapsedS / 60))
        .append(" min, Hadoop ").append(results.hadoopVersion()).append(")\n\n");
    md.append(verdict(outcomes)).append("\n\n## Setup\n\n").append(setupText(setup, spec)).append("\n\n");
    md.append("## Summary per stage\n\n").append(summary(results)).append('\n');
    md.append("![recovery time per stage](").append(PLOT).append(")\n\n");
    md.append("## Per run\n\n");
    for (FaultStage stage : FaultStage.values()) {
      md.append("### ").append(stage.id()).append("\n\n").append(stage.description()).append(".\n\n")
          .append(perRun(outcomes, stage)).append('\n').append(unhealthy(outcomes, stage));
    }
    Files.writeString(run.outDir().resolve("report.md"), md.toString(), StandardCharsets.UTF_8);
  }

  static String verdict(List<StageOutcome> outcomes) {
    long problems = CampaignSummary.problems(outcomes);
    long errors = outcomes.stream().filter(o -> o.error() != null).count();
    return "**Verdict: " + (problems == 0 ? "PASS" : "FAIL") + "**: " + problems + " problems (blocks lost + "
        + "under-replicated files + read-back mismatches, summed over every stage and run, plus " + errors
        + " stages that threw). A pass needs 0.";
  }

  private static String setupText(FaultCampaign.Setup setup, ClusterSpec spec) {
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices "
        + spec.devices().describe() + "; a fresh cluster per run (and after a stage that threw), Pfimbi set up "
        + "as in the `pfimbi` experiment\n"
        + "- Each stage: " + FaultCampaign.FILES_PER_STAGE + " files of " + (FaultCampaign.BLOCKS_PER_FILE - 1)
        + ".5–" + FaultCampaign.BLOCKS_PER_FILE + " blocks of " + (FaultCampaign.BLOCK_BYTES >> 20) + " MiB, "
        + "written from the first DataNode with replication 1 under a directory marked `"
        + StageRunner.SPEC.encode() + "`; the fault after a seeded number of files, while copies are pending "
        + "and the other files are being written\n"
        + "- After each stage: up to " + setup.waitLimit().toSeconds() + " s from the fault for every file of the "
        + "run to be at 3 (namespace and live replicas), then every file checked and read back byte for byte\n"
        + "- Runs: " + setup.runs() + ", seed " + setup.seed()
        + (setup.hdfsSettings().isEmpty() ? "" : ", settings " + setup.hdfsSettings());
  }

  private static String summary(ExperimentResults results) {
    StringBuilder md = new StringBuilder(Md.header(List.of("stage", "blocks lost", "under-replicated files",
        "read-back mismatches", "stages that threw", "recovery (s)", "max recovery (s)", "fallbacks", "verdict")));
    for (RunResult r : results.runs()) {
      double problems = r.metric("blocks_lost_count") + r.metric("under_replicated_files_count")
          + r.metric("readback_mismatch_count") + r.metric("errors_count");
      md.append(Md.row(List.of(r.stage(), count(r.metric("blocks_lost_count")),
          count(r.metric("under_replicated_files_count")), count(r.metric("readback_mismatch_count")),
          count(r.metric("errors_count")),
          Md.meanStd(r.metric("recovery_s"), r.metric("recovery_s_std"), r.repetitions()),
          Md.num(r.metric("recovery_s_max")), count(r.metric("fallbacks_count")),
          problems == 0 ? "pass" : "**FAIL**")));
    }
    return md.toString();
  }

  private static String perRun(List<StageOutcome> outcomes, FaultStage stage) {
    StringBuilder md = new StringBuilder(Md.header(List.of("run", "fault", "files", "blocks lost",
        "under-replicated files", "mismatches", "recovery (s)", "fallbacks", "error")));
    for (StageOutcome o : outcomes) {
      if (o.stage() != stage) {
        continue;
      }
      StageTally t = o.tally();
      md.append(Md.row(List.of(Integer.toString(o.run()), o.fault().isEmpty() ? "–" : o.fault(),
          t == null ? "–" : Integer.toString(t.files()), t == null ? "–" : Long.toString(t.blocksLost()),
          t == null ? "–" : t.underReplicatedFiles() + " (" + o.own().underReplicatedFiles() + " of this stage's "
              + o.own().files() + ")",
          t == null ? "–" : Long.toString(t.readbackMismatches()), Md.num(o.recoveryS()), count(o.fallbacks()),
          o.error() == null ? "" : o.error().replace('|', '/'))));
    }
    return md.toString();
  }

  /** The files each run of the stage found wrong, one line each. */
  private static String unhealthy(List<StageOutcome> outcomes, FaultStage stage) {
    StringBuilder md = new StringBuilder();
    for (StageOutcome o : outcomes) {
      if (o.stage() == stage && !o.unhealthy().isEmpty()) {
        md.append("Run ").append(o.run()).append(", files not at their target or not intact:\n\n");
        o.unhealthy().forEach(line -> md.append("- `").append(line).append("`\n"));
        md.append('\n');
      }
    }
    return md.toString();
  }

  private static String count(double v) {
    return Double.isFinite(v) ? Long.toString(Math.round(v)) : "–";
  }

  /** Recovery time per stage: the mean over runs and the slowest run. */
  private static void writePlot(ExperimentResults results, java.nio.file.Path file) throws IOException {
    List<String> stages = new ArrayList<>();
    List<Double> mean = new ArrayList<>();
    List<Double> max = new ArrayList<>();
    for (RunResult r : results.runs()) {
      stages.add(r.stage());
      mean.add(zeroIfUnmeasured(r.metric("recovery_s")));
      max.add(zeroIfUnmeasured(r.metric("recovery_s_max")));
    }
    new BarChart("Recovery time after the fault (at the wait limit: not recovered; no bar: the stage threw)",
        "stage", "seconds", stages)
        .series("mean over runs", mean).series("slowest run", max).writePng(file);
  }

  private static double zeroIfUnmeasured(double v) {
    return Double.isFinite(v) ? v : 0;
  }
}
