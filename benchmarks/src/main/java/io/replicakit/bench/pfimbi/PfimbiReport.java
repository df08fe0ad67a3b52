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
import java.util.Optional;

/** report.md and the completions plot of the Pfimbi experiment. */
final class PfimbiReport {

  static final String PLOT = "completions.png";
  static final String DISKS_PLOT = "disks.png";
  /** Issue 18's targets, against HDFS(3,3) in the same repetition (the thesis: 0.31×, 1.08×; Tables 5.1, 5.2). */
  static final double PRIMARY_TARGET = 0.35;
  static final double SPAN_TARGET = 1.1;

  /** What the plots show: the first repetition's block completions and disks, per run label (stage and variant). */
  record Timelines(Map<String, List<CopyTimeline.Point>> copies, Map<String, DiskTimeline> disks) {}

  private PfimbiReport() {}

  static void write(ExperimentResults results, Timelines timelines, PfimbiExperiment.Setup setup, ExperimentRun run,
      ClusterSpec spec) throws IOException {
    double elapsedS = run.progress().elapsedSeconds();
    int columns = setup.variants().size();
    writePlot(timelines.copies(), columns, run.outDir().resolve(PLOT));
    writeDisksPlot(timelines.disks(), columns, run.outDir().resolve(DISKS_PLOT));
    StringBuilder md = new StringBuilder();
    md.append("# Pfimbi: flow-controlled background replication (thesis §5.1-5.3)\n\n");
    md.append("Command: `").append(run.command()).append("` (").append(Md.num(elapsedS / 60))
        .append(" min, Hadoop ").append(results.hadoopVersion()).append(")\n\n## Setup\n\n");
    md.append(setupText(setup, spec)).append("\n\n## Results\n\n");
    md.append(table(results, setup)).append('\n');
    if (setup.shared() && setup.workload() == PfimbiWorkload.DFSIO) {
      md.append(targets(results, setup)).append('\n');
    }
    if (setup.layouts().containsAll(List.of(PrimaryLayout.HDD, PrimaryLayout.SSD))) {
      md.append(PfimbiSsdSection.write(results, setup));
    }
    md.append("## Block completions per pipeline position\n\n![completions](").append(PLOT).append(")\n\n");
    if (setup.repeat() > 1) {
      md.append("The plot shows the first repetition.\n\n");
    }
    md.append("Blocks of the jobs holding at least one, two and three replicas, sampled every 250 ms from the "
        + "NameNode's block locations (the thesis's Fig. 5.6/5.7 show the same as completion rates).\n\n");
    md.append(disksSection(results, setup));
    md.append("## From the thesis (its cluster, not this run)\n\n");
    md.append("- RandomWriter, 400 GB on 10 DataNodes (Table 5.1/5.2): primary copies HDFS 818 s vs Pfimbi 255 s "
        + "(0.31×); all replicas 818 s vs 1109 s with the latency metric (1.36×) and 884 s with MemDisk (1.08×).\n"
        + "- Two back-to-back DFSIO jobs (Fig. 5.7): Pfimbi's second job ran 33 % faster than with setRep(3), "
        + "whose re-replication competed with it.\n"
        + "- The same two jobs on split nodes, primaries on HDD or SSD, replicas on HDD (Figs. 5.2, 5.3; plots, no "
        + "numbers in the text): HDFS(3,3) gains nothing from the SSD, its pipeline waiting on the replicas' disks; "
        + "Pfimbi's primary writes finish sooner on SSD, by less than the devices' speed ratio because the page "
        + "cache absorbed much of the writes.\n"
        + "- Sort of 1 TB on 30 nodes (Figs. 5.5(a), 5.6(a)): the shorter the synchronous part of the pipeline, the "
        + "shorter the job; Pfimbi(3,1)'s runtime 25 % below HDFS(3,3)'s, and all its replicas done sooner than "
        + "HDFS(3,3)'s.\n");
    Files.writeString(run.outDir().resolve("report.md"), md.toString(), StandardCharsets.UTF_8);
  }

  private static String setupText(PfimbiExperiment.Setup setup, ClusterSpec spec) {
    PfimbiProfile p = setup.profile();
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices " + spec.devices().describe()
        + (spec.usesPageCache() ? "; page cache " + spec.describePageCache() + "; write-back "
            + spec.describeWriteBack() : "")
        + "; a fresh cluster per variant" + (setup.repeat() > 1 ? " and repetition (" + setup.repeat()
        + " repetitions, each running every variant in turn)" : "") + "\n- Jobs: " + jobsText(setup, spec) + "\n"
        + "- `hdfs(3,3)`: HDFS as is. `hdfs(1,1)+setrep(3)`: written with replication 1, `setReplication(3)` on "
        + "each job's files as the job ends. `pfimbi(3,s)`: each job's directory marked `n=3;s=s;flow=jobN;"
        + "weight=1`, written with replication s; Replication Managers with " + p.bufferBlocks() + "-block "
        + "buffers, MemDisk activity from the emulated devices and each node's emulated dirty data\n"
        + "- Times from the first job's start: `primary_write_s` when the last job ended, `first_replicas_s` "
        + "when every block had two replicas, `all_replicas_s` when every block had three (the work span)";
  }

  private static String jobsText(PfimbiExperiment.Setup setup, ClusterSpec spec) {
    PfimbiProfile p = setup.profile();
    String blocks = (p.blockBytes() >> 20) + " MiB blocks";
    if (setup.workload() == PfimbiWorkload.SORT) {
      return "one Sort job (identity map and reduce over SequenceFiles of random records, as Hadoop's "
          + "`examples.Sort` on `RandomWriter`'s output) over " + p.files() + " input files × " + (p.fileBytes() >> 20)
          + " MiB written beforehand with replication 1; " + p.files() + " maps and " + p.files() + " reduces at "
          + "once in the local job runner, " + writers(setup, spec) + "; " + blocks + "; `job1_write_s` is the job's "
          + "runtime";
    }
    return setup.workload().jobs() + " TestDFSIO write jobs back to back, each " + p.files() + " files × "
        + (p.fileBytes() >> 20) + " MiB (" + p.files() + " maps at once, " + writers(setup, spec) + "), " + blocks
        + ": " + p.blocksPerJob() + " blocks per job";
  }

  /** Where the jobs wrote from, per layout. */
  private static String writers(PfimbiExperiment.Setup setup, ClusterSpec spec) {
    List<String> parts = new ArrayList<>();
    for (PrimaryLayout layout : setup.layouts()) {
      parts.add(switch (layout) {
        case SHARED -> "from off-cluster" + (setup.layouts().size() > 1 ? " in layout `shared`" : "");
        case HDD, SSD -> "layout `" + layout.id() + "`: from a host of rack " + PrimaryLayout.primaryRack(spec)
            + ", whose nodes take every primary copy, storage policy " + layout.storagePolicy().orElseThrow()
            + " (the replicas on the other racks' DISKs)";
      });
    }
    return String.join("; ", parts);
  }

  private static String table(ExperimentResults results, PfimbiExperiment.Setup setup) {
    StringBuilder md = new StringBuilder(Md.header(List.of("repetition", "variant", "job 1 (s)", "job 2 (s)",
        "primary writes (s)", "2nd copies (s)", "3rd copies (s)", "primary vs hdfs(3,3)", "span vs hdfs(3,3)")));
    for (String stage : setup.stages()) {
      Optional<RunResult> base = results.run(PfimbiVariant.HDFS_33.id(), stage);
      for (RunResult r : results.runs()) {
        if (!r.stage().equals(stage)) {
          continue;
        }
        md.append(Md.row(List.of(stage, "`" + r.variant() + "`", Md.num(r.metric("job1_write_s")),
            Md.num(r.metric("job2_write_s")), Md.num(r.metric("primary_write_s")),
            Md.num(r.metric("first_replicas_s")), Md.num(r.metric("all_replicas_s")),
            base.map(b -> Md.ratio(r.metric("primary_write_s"), b.metric("primary_write_s"))).orElse("–"),
            base.map(b -> Md.ratio(r.metric("all_replicas_s"), b.metric("all_replicas_s"))).orElse("–"))));
      }
    }
    return md.toString();
  }

  /** The disks' table and plot (thesis §5.5, Fig. 5.10; §5.6, Table 5.4). */
  private static String disksSection(ExperimentResults results, PfimbiExperiment.Setup setup) {
    StringBuilder md = new StringBuilder("## Disks (thesis §5.5, Fig. 5.10; §5.6, Table 5.4)\n\n");
    md.append("From the first job's start to the work span: the DataNodes' mean device utilization (flushes of "
        + "dirty data included), what the devices read (blocks forwarded after they left the page cache), and the "
        + "data still in memory, written but not flushed, when the last third copy landed. The machine's CPU load "
        + "while the jobs wrote (all processes) tells whether the emulated devices or the two cores bound them.\n\n");
    md.append(Md.header(List.of("repetition", "variant", "disks busy (%)", "device reads (MiB)",
        "dirty at span end (MiB)", "machine CPU during primary writes (%)")));
    for (String stage : setup.stages()) {
      for (RunResult r : results.runs()) {
        if (r.stage().equals(stage)) {
          md.append(Md.row(List.of(stage, "`" + r.variant() + "`", Md.num(r.metric("disk_busy_pct")),
              Md.num(r.metric("disk_read_mib")), Md.num(r.metric("dirty_at_span_mib")),
              Md.num(r.metric("primary_cpu_pct")))));
        }
      }
    }
    md.append("\n![disks](").append(DISKS_PLOT).append(")\n\n");
    md.append("Per variant").append(setup.repeat() > 1 ? " (first repetition)" : "")
        .append(": the DataNodes' mean device utilization every 250 ms, and their mean dirty data.\n\n");
    return md.toString();
  }

  /** Each repetition's ratios against the targets, then their spread: the target must hold in every one. */
  private static String targets(ExperimentResults results, PfimbiExperiment.Setup setup) {
    List<double[]> ratios = new ArrayList<>();
    StringBuilder md = new StringBuilder();
    for (String stage : setup.stages(PrimaryLayout.SHARED)) {
      Optional<RunResult> base = results.run(PfimbiVariant.HDFS_33.id(), stage);
      Optional<RunResult> pfimbi = results.run(PfimbiVariant.PFIMBI_31.id(), stage);
      if (base.isEmpty() || pfimbi.isEmpty()) {
        return "Targets need both `hdfs(3,3)` and `pfimbi(3,1)` in the run.\n";
      }
      double primary = pfimbi.get().metric("primary_write_s") / base.get().metric("primary_write_s");
      double span = pfimbi.get().metric("all_replicas_s") / base.get().metric("all_replicas_s");
      ratios.add(new double[] {primary, span});
      md.append("- ").append(stage).append(": `pfimbi(3,1)` primary writes ").append(Md.num(primary))
          .append("× `hdfs(3,3)` (target ≤ ").append(PRIMARY_TARGET).append("×): ")
          .append(verdict(primary <= PRIMARY_TARGET)).append("; work span ").append(Md.num(span))
          .append("× (target ≤ ").append(SPAN_TARGET).append("×): ").append(verdict(span <= SPAN_TARGET))
          .append('\n');
    }
    boolean all = ratios.stream().allMatch(r -> r[0] <= PRIMARY_TARGET && r[1] <= SPAN_TARGET);
    String head = "Targets (issue 18; ratios within each repetition): primary writes ≤ " + PRIMARY_TARGET
        + "× and work span ≤ " + SPAN_TARGET + "× `hdfs(3,3)` in every repetition: " + verdict(all) + "\n\n";
    if (ratios.size() > 1) {
      md.append("- spread over ").append(ratios.size()).append(" repetitions: primary ")
          .append(spread(ratios, 0)).append(", span ").append(spread(ratios, 1)).append('\n');
    }
    return head + md;
  }

  /** {@code min–max (mean ± sd)} of column {@code k}. */
  static String spread(List<double[]> rows, int k) {
    double[] v = rows.stream().mapToDouble(r -> r[k]).toArray();
    double mean = java.util.Arrays.stream(v).average().orElse(Double.NaN);
    double var = java.util.Arrays.stream(v).map(x -> (x - mean) * (x - mean)).sum() / Math.max(1, v.length - 1);
    return Md.num(java.util.Arrays.stream(v).min().orElse(Double.NaN)) + "–"
        + Md.num(java.util.Arrays.stream(v).max().orElse(Double.NaN)) + "× (mean " + Md.num(mean) + " ± "
        + Md.num(Math.sqrt(var)) + ")";
  }

  static String verdict(boolean pass) {
    return pass ? "**PASS**" : "**FAIL**";
  }

  /** One panel per run, a row per layout ({@code columns}: the variants). */
  private static void writeDisksPlot(Map<String, DiskTimeline> disks, int columns, Path file) throws IOException {
    List<LineChart> panels = new ArrayList<>();
    disks.forEach((label, d) -> panels.add(new LineChart(label, "seconds since job 1 started",
        "% busy, MiB dirty").series("disks busy (%)", d.seconds(), d.busyPct())
        .series("dirty per DataNode (MiB)", d.seconds(), d.meanDirtyMib())));
    if (!panels.isEmpty()) {
      LineChart.writePanels(panels, columns, file);
    }
  }

  private static void writePlot(Map<String, List<CopyTimeline.Point>> timelines, int columns, Path file)
      throws IOException {
    List<LineChart> panels = new ArrayList<>();
    String[] names = {"1st copy", "2nd copy", "3rd copy"};
    timelines.forEach((label, points) -> {
      LineChart chart = new LineChart(label, "seconds since job 1 started", "blocks").legendTopLeft();
      List<Double> x = points.stream().map(CopyTimeline.Point::seconds).toList();
      for (int k = 0; k < 3; k++) {
        int copies = k;
        chart.series(names[k], x, points.stream().map(p -> (double) p.atLeast()[copies]).toList());
      }
      panels.add(chart);
    });
    if (!panels.isEmpty()) {
      LineChart.writePanels(panels, columns, file);
    }
  }
}
