/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.BarChart;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.SourceState;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.spec.ClusterSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** report.md and the plots of the write-approaches experiment. */
final class WriteApproachesReport {

  static final String THROUGHPUT_PLOT = "throughput.png";
  static final String TIME_PLOT = "write-time.png";

  private WriteApproachesReport() {}

  static void write(ExperimentResults results, WriteApproachesExperiment.Setup setup, ExperimentRun run,
      ClusterSpec spec, ClusterMode mode, WriterClasses classes, String network) throws IOException {
    List<WriteCell> cells = setup.profile().cells();
    plot(results, setup, cells, "write_throughput_mb_s", "TestDFSIO throughput (MB/s)",
        run.outDir().resolve(THROUGHPUT_PLOT));
    plot(results, setup, cells, "write_time_s", "TestDFSIO exec time (s)", run.outDir().resolve(TIME_PLOT));
    SourceState source = SourceState.current();
    StringBuilder md = new StringBuilder();
    md.append("# Replication approaches: pipeline, broadcast, master/slave (paper §III, Fig. 5)\n\n");
    md.append("Command: `").append(run.command()).append("` (").append(Md.num(run.progress().elapsedSeconds() / 60))
        .append(" min, Hadoop ").append(results.hadoopVersion()).append(", commit ")
        .append(source.commit() == null ? "unknown" : source.commit().substring(0, Math.min(12,
            source.commit().length())))
        .append(Boolean.TRUE.equals(source.dirty()) ? " with uncommitted changes" : "").append(")\n\n");
    md.append("## Setup\n\n").append(setupText(setup, spec, mode, classes, network)).append("\n\n");
    md.append("## Write time and throughput (Fig. 5)\n\n").append(mainTable(results, setup, cells)).append('\n');
    md.append("Mean ± standard deviation over the repetitions. Ratios are to `pipeline`, taken per repetition on the "
        + "same cluster and averaged; the paper's are its text's percentages (its Fig. 5 has no numbers), on its own "
        + "cluster.\n\n");
    md.append("![throughput](").append(THROUGHPUT_PLOT).append(")\n\n![write time](").append(TIME_PLOT)
        .append(")\n\n");
    md.append("## Checks\n\n").append(checksTable(results, setup, cells)).append('\n');
    md.append("Read back: every TestDFSIO file read through HDFS's own `DistributedFileSystem` (checksums verified) "
        + "and compared with what TestDFSIO 3.5.0 writes (zeros); bytes that differ, are missing or are extra, "
        + "summed over the repetitions. Pattern: a 2.5-block file of hashed bytes written through the variant's "
        + "client and read back the same way. fsck: `hdfs fsck` of the run's directory after the read-back. Short: "
        + "data blocks with fewer locations than the replication right after the job (block reports given 5 s); "
        + "re-replicated: blocks the DataNodes copied for HDFS's re-replication from the job's start to the end of "
        + "its checks (a replica a writer left out and HDFS restored before fsck shows here). Replicas differing: "
        + "blocks of the run's directory whose replicas' MD5 of their CRCs differ (every replica asked; the read-back "
        + "reads one). "
        + (mode == ClusterMode.PROCESSES || !classes.fileSystem() ? "" : "Every write was checked to have opened "
        + "its files with its variant's writer, none falling back to HDFS's pipeline (the run stops otherwise). ")
        + "Local: "
        + "files with a replica of every block on one DataNode (the writer's own); writer nodes: how many DataNodes "
        + "those are. Disk: bytes the emulated disks wrote during the job (RF × data when every replica lands).\n\n");
    md.append("## Links\n\n").append(linksSection(results, setup, cells, mode)).append('\n');
    Files.writeString(run.outDir().resolve("report.md"), md.toString(), StandardCharsets.UTF_8);
  }

  private static String setupText(WriteApproachesExperiment.Setup setup, ClusterSpec spec, ClusterMode mode,
      WriterClasses classes, String network) {
    WriteProfile p = setup.profile();
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices " + spec.devices().describe()
        + "; " + mode.label() + "\n- Network: " + network
        + "\n- Writers: " + (mode == ClusterMode.PROCESSES
            ? "TestDFSIO's maps as YARN containers on the NodeManagers beside the DataNodes (the paper's maps ran on"
                + " its nine DataNodes)"
            : "TestDFSIO's maps in this JVM (local job runner), map k bound to DataNode k's address, so the NameNode"
                + " puts each map's first replicas on its node and its bytes leave from there (the paper's maps ran"
                + " on its nine DataNodes)")
        + "\n- Client and DataNode classes: " + classes.describe()
        + "\n- Profile `" + p.name() + "`: " + p.description() + "; " + setup.repetitions() + " repetition(s), each on"
        + " a fresh cluster running every cell and variant on fresh files (variant order rotated per cell and"
        + " repetition, an unreported warm-up write first); HDFS's default placement with"
        + " `dfs.namenode.redundancy.considerLoad=true`"
        + "\n- Variants: " + String.join(", ", setup.variants().stream().map(v -> "`" + v.id() + "`").toList())
        + (setup.hdfsSettings().isEmpty() ? "" : "\n- `--set`: " + setup.hdfsSettings());
  }

  private static String mainTable(ExperimentResults results, WriteApproachesExperiment.Setup setup,
      List<WriteCell> cells) {
    StringBuilder md = new StringBuilder(Md.header(List.of("cell", "variant", "write time (s)", "throughput (MB/s)",
        "avg IO rate (MB/s)", "time vs pipeline", "throughput vs pipeline", "paper: time", "paper: throughput")));
    for (WriteCell cell : cells) {
      for (WriteVariant v : setup.variants()) {
        Optional<RunResult> r = results.run(v.id(), cell.stage());
        if (r.isEmpty()) {
          continue;
        }
        RunResult run = r.get();
        md.append(Md.row(List.of(cell.label(), "`" + v.id() + "`", meanStd(run, "write_time_s"),
            meanStd(run, "write_throughput_mb_s"), meanStd(run, "write_avg_io_rate_mb_s"),
            ratio(run, "write_time_ratio"), ratio(run, "write_throughput_ratio"),
            WritePaperValues.timeRatio(v, cell), WritePaperValues.throughputRatio(v, cell))));
      }
    }
    return md.toString();
  }

  private static String checksTable(ExperimentResults results, WriteApproachesExperiment.Setup setup,
      List<WriteCell> cells) {
    StringBuilder md = new StringBuilder(Md.header(List.of("cell", "variant", "read-back bytes differing",
        "checksum errors", "pattern bytes differing", "fsck healthy", "under-replicated blocks",
        "blocks short after the write", "blocks re-replicated by HDFS", "blocks with replicas differing",
        "blocks per write", "files local to writer",
        "writer nodes", "disk MB per write")));
    for (WriteCell cell : cells) {
      for (WriteVariant v : setup.variants()) {
        results.run(v.id(), cell.stage()).ifPresent(r -> md.append(Md.row(List.of(cell.label(), "`" + v.id() + "`",
            whole(r.metric("readback_mismatch_count")), whole(r.metric("readback_checksum_error_count")),
            whole(r.metric("pattern_mismatch_count")),
            whole(r.metric("fsck_healthy_count")) + " of " + r.repetitions(),
            whole(r.metric("fsck_under_replicated_count")), whole(r.metric("blocks_short_after_write_count")),
            whole(r.metric("blocks_re_replicated_count")), whole(r.metric("blocks_replicas_differing_count")),
            Md.num(r.metric("blocks_count")),
            Md.num(r.metric("writer_local_files_count")) + " of " + setup.profile().files(),
            Md.num(r.metric("writer_nodes_count")),
            Md.num(r.metric("disk_written_bytes") / 1e6)))));
      }
    }
    return md.toString();
  }

  /**
   * Per-link bytes with shaped links, beside what each approach should send with the writer on a DataNode and HDFS's
   * default placement (second replica in another rack, third beside it).
   */
  private static String linksSection(ExperimentResults results, WriteApproachesExperiment.Setup setup,
      List<WriteCell> cells, ClusterMode mode) {
    boolean measured = results.runs().stream().anyMatch(r -> Double.isFinite(r.metric("node_links_up_bytes")));
    StringBuilder md = new StringBuilder();
    if (!measured) {
      md.append("No per-link bytes: links are shaped and counted only with `--processes` and a spec with `net.*`"
          + " fields (docs/testbed.md, \"Shaped links\")").append(mode == ClusterMode.PROCESSES ? "." : "; this run"
          + " was embedded, all on loopback.").append(" The model's figures for this run's data:\n\n");
    }
    md.append(Md.header(List.of("cell", "variant", "node egress, all links (MB)", "busiest node egress (MB)",
        "rack uplinks, both ways (MB)", "busiest uplink direction (MB)", "model: node egress (MB)",
        "model: rack uplinks (MB)")));
    double data = setup.profile().dataBytes();
    for (WriteCell cell : cells) {
      for (WriteVariant v : setup.variants()) {
        results.run(v.id(), cell.stage()).ifPresent(r -> md.append(Md.row(List.of(cell.label(), "`" + v.id() + "`",
            mb(r, "node_links_up_bytes"), Md.num(r.metric("max_node_link_up_bytes") / 1e6),
            mb(r, "rack_uplinks_bytes"), Md.num(r.metric("max_rack_uplink_bytes") / 1e6),
            Md.num(modelNodeEgress(cell, data) / 1e6), Md.num(modelUplinks(v, cell, data) / 1e6)))));
      }
    }
    md.append("\nModel: D bytes written with one writer per DataNode and the first replica local. Every approach "
        + "sends (RF−1)·D over node links in all (the local copy crosses none), but from different places: the "
        + "pipeline's DataNodes forward one copy per hop, broadcast's writer and master/slave's master (the local "
        + "DataNode) send RF−1 copies each. The second replica is in another rack and the third beside it, so the "
        + "pipeline crosses racks once per block (up one uplink, down another: 2·D), broadcast and master/slave "
        + "RF−1 times (2·(RF−1)·D). Measured bytes also hold TCP/IP headers, HDFS's packet headers and checksums "
        + "(4 bytes per 512), the acknowledgements and, with YARN, the job's own files (its jar and configuration "
        + "staged in HDFS and fetched by the NodeManagers).\n");
    return md.toString();
  }

  static double modelNodeEgress(WriteCell cell, double dataBytes) {
    return (cell.replication() - 1) * dataBytes;
  }

  static double modelUplinks(WriteVariant variant, WriteCell cell, double dataBytes) {
    if (cell.replication() < 2) {
      return 0;
    }
    return variant == WriteVariant.PIPELINE ? 2 * dataBytes : 2 * (cell.replication() - 1) * dataBytes;
  }

  private static String mb(RunResult r, String metric) {
    return Md.meanStd(r.metric(metric) / 1e6, r.metric(metric + "_std") / 1e6, r.repetitions());
  }

  private static String meanStd(RunResult r, String metric) {
    return Md.meanStd(r.metric(metric), r.metric(metric + "_std"), r.repetitions());
  }

  private static String ratio(RunResult r, String metric) {
    double mean = r.metric(metric);
    if (!Double.isFinite(mean)) {
      return "–";
    }
    String text = String.format(Locale.ROOT, "%.2f×", mean);
    double std = r.metric(metric + "_std");
    return r.repetitions() > 1 && Double.isFinite(std) ? text + String.format(Locale.ROOT, " ± %.2f", std) : text;
  }

  private static String whole(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.0f", v) : "–";
  }

  private static void plot(ExperimentResults results, WriteApproachesExperiment.Setup setup, List<WriteCell> cells,
      String metric, String yTitle, java.nio.file.Path file) throws IOException {
    List<String> categories = cells.stream().map(c -> "RF " + c.replication() + ", " + (c.blockBytes() >> 20)
        + " MiB blocks (" + c.paperBlock() + ")").toList();
    BarChart chart = new BarChart(yTitle.replaceAll(" \\(.*", "") + " per cell (the paper's block size in brackets)",
        "cell", yTitle, categories);
    for (WriteVariant v : setup.variants()) {
      List<Double> values = new ArrayList<>();
      for (WriteCell cell : cells) {
        double value = results.run(v.id(), cell.stage()).map(r -> r.metric(metric)).orElse(Double.NaN);
        values.add(Double.isFinite(value) ? value : 0.0);
      }
      chart.series(v.id(), values);
    }
    chart.writePng(file);
  }
}
