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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** report.md and the Fig. 5.4 plot of the SWIM replay. */
final class SwimReport {

  static final String PLOT = "runtime-ratio.png";

  private SwimReport() {}

  static void write(ExperimentResults results, SwimExperiment.Setup setup, ExperimentRun run, ClusterSpec spec,
      List<SwimTrace.Job> trace) throws IOException {
    StringBuilder md = new StringBuilder("# Pfimbi: SWIM replay (thesis §5.1, Fig. 5.4)\n\n");
    md.append("Command: `").append(run.command()).append("` (").append(Md.num(run.progress().elapsedSeconds() / 60))
        .append(" min, Hadoop ").append(results.hadoopVersion()).append(")\n\n## Setup\n\n");
    SwimPlan plan = setup.plan();
    md.append("- Cluster: spec `").append(spec.name()).append("`: ").append(spec.description()).append("; devices ")
        .append(spec.devices().describe()).append(spec.usesPageCache() ? "; page cache " + spec.describePageCache()
            + "; write-back " + spec.describeWriteBack() : "").append("; a fresh cluster per run\n");
    md.append("- Trace: the first ").append(trace.size()).append(" jobs of SWIM's `FB-2009_samples_24_times_1hr_0` "
        + "(shipped in the jar, origin and licence in `swim/README.md`), sizes × the scaling factor ÷ ")
        .append(Md.num(plan.bytesDivisor())).append(", submission times ÷ ").append(Md.num(plan.timeCompression()))
        .append("; a job reads its input from a pool written beforehand, then writes its output as one file per ")
        .append(plan.writerBytes() >> 20).append(" MiB (at most ").append(plan.maxWriters()).append(" at once), "
            + "off-cluster; 4 MiB blocks\n");
    md.append("- `pfimbi(3,1)`: every job's directory marked `n=3;s=1;flow=job-N;weight=1`\n");
    md.append("- A job's runtime: from its scheduled start to its last output file closed. Small jobs wrote at most "
        + "1 GB in the trace, large ones at least 10 GB (thesis §5.1: up to 3x faster for the jobs writing 1 GB, "
        + "up to 30 % for those writing 80 GB)\n\n## Results\n\n");
    md.append(table(results, setup)).append('\n');
    List<Double> x = new ArrayList<>();
    List<Double> y = new ArrayList<>();
    StringBuilder ratios = new StringBuilder();
    for (double scale : setup.scales()) {
      Optional<Double> r = ratio(results, SwimExperiment.Setup.stage(scale), "mean_job_s");
      r.ifPresent(v -> {
        x.add(scale);
        y.add(v);
      });
      ratios.append("- ").append(SwimExperiment.Setup.stage(scale)).append(": `pfimbi(3,1)` mean job runtime ")
          .append(r.map(v -> Md.num(v) + "×").orElse("–")).append(" `hdfs(3,3)`'s\n");
    }
    md.append(ratios).append('\n');
    if (!x.isEmpty()) {
      new LineChart("pfimbi(3,1) mean job runtime / hdfs(3,3)'s", "workload scaling factor", "ratio")
          .series("this run", x, y).withMarkers().writePng(run.outDir().resolve(PLOT));
      md.append("![ratio](").append(PLOT).append(")\n\n");
    }
    md.append("## From the thesis (its cluster, not this run)\n\n- Fig. 5.4: Pfimbi(3,1)'s mean job runtime over "
        + "HDFS(3,3)'s was about 1 at scaling 1-2 (little contention) and 16 (saturated disks), and 10-15 % lower "
        + "at 4 and 8.\n");
    Files.writeString(run.outDir().resolve("report.md"), md.toString(), StandardCharsets.UTF_8);
  }

  private static String table(ExperimentResults results, SwimExperiment.Setup setup) {
    StringBuilder md = new StringBuilder(Md.header(List.of("scale", "variant", "written (MiB)", "mean job (s)",
        "median job (s)", "small jobs (s)", "large jobs (s)", "jobs done (s)", "3rd copies (s)", "disks busy (%)",
        "mean job vs hdfs(3,3)")));
    for (double scale : setup.scales()) {
      String stage = SwimExperiment.Setup.stage(scale);
      for (RunResult r : results.runs()) {
        if (r.stage().equals(stage)) {
          md.append(Md.row(List.of(stage, "`" + r.variant() + "`", Md.num(r.metric("written_mib")),
              Md.num(r.metric("mean_job_s")), Md.num(r.metric("median_job_s")), Md.num(r.metric("mean_small_job_s")),
              Md.num(r.metric("mean_large_job_s")), Md.num(r.metric("primary_write_s")),
              Md.num(r.metric("all_replicas_s")), Md.num(r.metric("disk_busy_pct")),
              ratioOf(results, r, stage))));
        }
      }
    }
    return md.toString();
  }

  private static String ratioOf(ExperimentResults results, RunResult r, String stage) {
    return results.run(PfimbiVariant.HDFS_33.id(), stage)
        .map(b -> Md.ratio(r.metric("mean_job_s"), b.metric("mean_job_s"))).orElse("–");
  }

  private static Optional<Double> ratio(ExperimentResults results, String stage, String metric) {
    Optional<RunResult> base = results.run(PfimbiVariant.HDFS_33.id(), stage);
    Optional<RunResult> pfimbi = results.run(PfimbiVariant.PFIMBI_31.id(), stage);
    if (base.isEmpty() || pfimbi.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(pfimbi.get().metric(metric) / base.get().metric(metric));
  }
}
