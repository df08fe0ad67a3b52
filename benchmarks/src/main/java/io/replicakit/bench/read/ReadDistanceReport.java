/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.read.DistanceCells.Distance;
import io.replicakit.bench.results.BarChart;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.fs.StorageType;

/** {@code report.md} and {@code throughput.png} of the read-distance experiment (read paper Fig. 2). */
final class ReadDistanceReport {

  /** One stream's throughput: TestDFSIO's figure for its one map, MiB/s. */
  static final String STREAM = "stream_mb_s";
  /** The slower of the device and the slowest shaped link on the path, MiB/s. */
  static final String BOUND = "bound_mb_s";

  private ReadDistanceReport() {}

  static void write(ExperimentResults results, Path outDir, String command, String setup, double runSeconds)
      throws IOException {
    Files.writeString(outDir.resolve("report.md"), render(results, command, setup, runSeconds),
        StandardCharsets.UTF_8);
    List<String> distances = Arrays.stream(Distance.values()).map(Distance::label).toList();
    BarChart chart = new BarChart("One stream's read throughput by network distance (read paper Fig. 2)",
        "where the replica is, seen from the reader", "MiB/s", distances);
    for (StorageType type : DistanceCells.TYPES) {
      chart.series(type.name(), Arrays.stream(Distance.values())
          .map(d -> cell(results, type, d).map(r -> r.metric(STREAM)).orElse(0.0)).toList());
    }
    chart.writePng(outDir.resolve("throughput.png"));
  }

  /** The report's Markdown; pure, so it can be checked with fixed numbers. */
  static String render(ExperimentResults results, String command, String setup, double runSeconds) {
    StringBuilder md = new StringBuilder();
    md.append("# Read-distance experiment (read paper Fig. 2)\n\n");
    md.append("One stream's read throughput from a replica on the reader's own node, on another node of its rack"
        + " and on a node of another rack, on SSD and on DISK (§3.1, Fig. 2). The paper measured it with 10 Gb/s"
        + " inside a rack and 1 Gb/s between racks, and found an SSD in another rack slower to read than a DISK"
        + " nearby. Throughputs are MiB/s, TestDFSIO's \"MB/sec\" (its one map's rate).\n\n");
    md.append(Md.runLines(command, results, runSeconds));
    md.append(setup).append("\n\n## One stream per cell\n\n");
    md.append("The bound is the slower of the device's emulated speed and the slowest shaped link between replica"
        + " and reader (a TCP stream gets about 96 % of a link's rate: docs/testbed.md). Bytes out of the racks:"
        + " what left every rack through its uplink during the read (the reader's calls to the NameNode too).\n\n");
    double base = cell(results, StorageType.DISK, Distance.LOCAL).map(r -> r.metric(STREAM)).orElse(Double.NaN);
    md.append(Md.header(List.of("replica", "medium", "node", "one stream (MiB/s)", "× local DISK",
        "bound (MiB/s)", "of the bound (%)", "bytes out of the racks (MiB)")));
    for (Distance d : Distance.values()) {
      for (StorageType type : DistanceCells.TYPES) {
        cell(results, type, d).ifPresent(r -> md.append(Md.row(List.of(d.label(), type.name(),
            String.valueOf(r.detail().get("node")), Md.meanStd(r.metric(STREAM), r.metric(STREAM + "_std"),
                r.repetitions()), Md.ratio(r.metric(STREAM), base), Md.num(r.metric(BOUND)),
            Md.pct(r.metric("stream_of_bound_pct")), mib(r.metric(ReadMetrics.UPLINK_BYTES))))));
      }
    }
    md.append("\n## The paper's two findings, in this run\n\n");
    md.append("`>`: the nearer replica is read faster by more than " + Math.round(PAR * 100) + " %; `≈`: within "
        + Math.round(PAR * 100) + " % of each other; `<`: slower.\n\n");
    findings(results).forEach(f -> md.append("- ").append(f).append('\n'));
    md.append("\n![throughput](throughput.png)\n");
    return md.toString();
  }

  /**
   * Within this share of each other two streams count as at par: one stream's repeated reads here differ by under
   * 1 %, and a link that carries more than the device leaves the device's speed (§3.1: the network limits only when
   * it is slower than the storage).
   */
  static final double PAR = 0.02;

  /** Closer is faster, per medium, step by step; and the far SSD against the DISKs nearer the reader. */
  static List<String> findings(ExperimentResults results) {
    List<String> lines = new ArrayList<>();
    for (StorageType type : DistanceCells.TYPES) {
      List<String> steps = new ArrayList<>();
      Distance[] all = Distance.values();
      for (int i = 0; i + 1 < all.length; i++) {
        double near = stream(results, type, all[i]);
        double far = stream(results, type, all[i + 1]);
        steps.add(all[i].label() + " " + Md.num(near) + " " + compare(near, far) + " " + all[i + 1].label() + " "
            + Md.num(far));
      }
      lines.add(type.name() + ": " + String.join("; ", steps) + " MiB/s.");
    }
    double farSsd = stream(results, StorageType.SSD, Distance.OFF_RACK);
    for (Distance near : List.of(Distance.LOCAL, Distance.IN_RACK)) {
      double disk = stream(results, StorageType.DISK, near);
      lines.add(String.format(Locale.ROOT, "SSD off-rack %s MiB/s against DISK %s %s MiB/s: the far SSD is %s.",
          Md.num(farSsd), near.label(), Md.num(disk), farSsd < disk * (1 - PAR) ? "slower, as in the paper"
              : "not slower"));
    }
    return lines;
  }

  /** {@code >} when {@code near} is faster by more than {@link #PAR}, {@code <} when slower, else {@code ≈}. */
  static String compare(double near, double far) {
    if (near > far * (1 + PAR)) {
      return ">";
    }
    return near < far * (1 - PAR) ? "<" : "≈";
  }

  private static double stream(ExperimentResults results, StorageType type, Distance d) {
    return cell(results, type, d).map(r -> r.metric(STREAM)).orElse(Double.NaN);
  }

  private static Optional<RunResult> cell(ExperimentResults results, StorageType type, Distance d) {
    return results.runs().stream().filter(r -> d.label().equals(r.detail().get("distance"))
        && type.name().equals(r.detail().get("storage_type"))).findFirst();
  }

  private static String mib(double bytes) {
    return Double.isFinite(bytes) ? Md.num(bytes / (1024 * 1024)) : "–";
  }
}
