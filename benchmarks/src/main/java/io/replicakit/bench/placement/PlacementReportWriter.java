/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import io.replicakit.bench.results.BarChart;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.spec.Sizes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Writes the placement experiment's {@code report.md} and plots: per stage, the paper's status table
 * (per-DataNode occupation and utilization with their σ) and performance table (same rows as the paper's,
 * our values with the paper's beside them), ratios against HDFS's default policy measured in the same run,
 * and the per-rack and per-DataNode figures.
 */
final class PlacementReportWriter {

  static final List<String> STAGES = List.of("load", "rereplication", "balancing", "balancing-replicakit");
  private static final Map<String, String> STAGE_TITLES = Map.of(
      "load", "Stage 1: data load (paper Tables 1–2, Fig. 2)",
      "rereplication", "Stage 2: re-replication after two DataNode failures (paper Tables 3–4, Fig. 3)",
      "balancing", "Stage 3: balancing with the HDFS Balancer (paper Tables 5–6, Fig. 4)",
      "balancing-replicakit", "Stage 3 with ReplicaKit's balancer (balancer-ext: rack diversity and node load;"
          + " after its own run of stages 1–2)");

  /** Metrics of the performance tables, in the paper's row order, with how to show them. */
  private record Metric(String name, String label, String unit, double scale) {}

  private static final List<Metric> METRICS = List.of(
      new Metric("write_time_s", "Write time", "s", 1),
      new Metric("write_throughput_mb_s", "Write throughput", "MB/s", 1),
      new Metric("rereplication_time_s", "Re-replication time", "s", 1),
      new Metric("balancing_time_s", "Balancing time", "s", 1),
      new Metric("bytes_moved", "Data volume moved", "MiB", Sizes.MIB),
      new Metric("balancing_iterations", "Balancing iterations", "", 1),
      new Metric("blocks_in_unique_racks_pct", "Blocks in unique racks", "%", 1),
      new Metric("violating_blocks_pct", "Blocks violating the policy", "%", 1),
      new Metric("occupation_std_bytes", "Occupation σ", "MiB", Sizes.MIB),
      new Metric("utilization_std_pct", "Utilization σ", "%", 1),
      new Metric("read_time_s", "Read time", "s", 1),
      new Metric("read_throughput_mb_s", "Read throughput", "MB/s", 1),
      new Metric("read_avg_io_rate_mb_s", "Read avg. I/O rate", "MB/s", 1));

  /** Rows of the table that sets the two balancers side by side: where each started, then the stage's metrics. */
  private static final List<Metric> BALANCER_METRICS = balancerMetrics();

  private static List<Metric> balancerMetrics() {
    List<Metric> rows = new ArrayList<>(List.of(
        new Metric("utilization_std_before_pct", "Utilization σ before", "%", 1),
        new Metric("blocks_in_unique_racks_before_pct", "Blocks in unique racks before", "%", 1),
        new Metric("balancer_exit_code", "Exit code", "", 1)));
    List<String> names = List.of("balancing_iterations", "balancing_time_s", "bytes_moved", "utilization_std_pct",
        "blocks_in_unique_racks_pct", "violating_blocks_pct", "read_throughput_mb_s");
    names.forEach(n -> rows.add(METRICS.stream().filter(m -> m.name().equals(n)).findFirst().orElseThrow()));
    return List.copyOf(rows);
  }

  /** Metrics worth a ratio against the baseline policy. */
  private static final List<String> RATIO_METRICS = List.of("write_throughput_mb_s", "read_throughput_mb_s",
      "rereplication_time_s", "balancing_time_s", "bytes_moved", "utilization_std_pct");

  private PlacementReportWriter() {}

  /** Which testbed ran: {@code results.json}'s {@code cluster.mode}. */
  static String testbedText(ExperimentResults results) {
    Object mode = results.cluster().get("mode");
    return ClusterMode.PROCESSES.label().equals(mode)
        ? "multi-process testbed (a JVM per daemon, YARN, shaped links)"
        : "embedded testbed";
  }

  static void write(ExperimentResults results, Path outDir, String command, String setup) throws IOException {
    StringBuilder md = new StringBuilder();
    md.append("# Placement experiment: ").append(results.profile()).append(" profile\n\n");
    md.append("Reproduces the three stages of the placement-policies comparative study (§4) on the ")
        .append(testbedText(results))
        .append(". Values are this run's measurements; the paper's are shown beside them as \"paper\". With the"
            + " paper profile, one paper GB corresponds to one MiB here (data and capacities scaled by 1/1024);"
            + " times and throughputs are not scaled and differ with the emulated devices.\n\n");
    md.append("- Command: `").append(command).append("`\n");
    md.append("- Started: ").append(results.started()).append(", Hadoop ").append(results.hadoopVersion())
        .append("\n");
    md.append(setup).append("\n");
    List<String> policies = results.variants();
    for (String stage : STAGES) {
      if (results.runs().stream().noneMatch(r -> r.stage().equals(stage))) {
        continue;
      }
      md.append("\n## ").append(STAGE_TITLES.get(stage)).append("\n\n");
      statusTable(md, results, policies, stage);
      md.append('\n');
      performanceTable(md, results, policies, stage);
      md.append('\n');
      ratioTable(md, results, policies, stage);
      String racks = "racks-" + stage + ".png";
      String nodes = "utilization-" + stage + ".png";
      rackChart(results, policies, stage).writePng(outDir.resolve(racks));
      utilizationChart(results, policies, stage).writePng(outDir.resolve(nodes));
      md.append("\n![Data per rack, ").append(stage).append("](").append(racks).append(")\n\n");
      md.append("![Per-DataNode utilization, ").append(stage).append("](").append(nodes).append(")\n");
    }
    balancersCompared(md, results, policies);
    Files.writeString(outDir.resolve("report.md"), md.toString(), StandardCharsets.UTF_8);
  }

  /** HDFS's Balancer and ReplicaKit's side by side per policy, when both ran. */
  static void balancersCompared(StringBuilder md, ExperimentResults results, List<String> policies) {
    if (results.runs().stream().noneMatch(r -> r.stage().equals("balancing-replicakit"))) {
      return;
    }
    md.append("\n## The two balancers side by side\n\nEach column is the state after that balancer, `hdfs` after"
        + " HDFS's Balancer, `replicakit` after ReplicaKit's; each started from its own run of stages 1–2.\n\n");
    md.append("| metric |");
    policies.forEach(p -> md.append(' ').append(p).append(" hdfs | ").append(p).append(" replicakit |"));
    md.append("\n|---|").append("---|---|".repeat(policies.size())).append('\n');
    for (Metric m : BALANCER_METRICS) {
      md.append("| ").append(m.label()).append(m.unit().isEmpty() ? "" : " (" + m.unit() + ")").append(" |");
      for (String p : policies) {
        for (String stage : List.of("balancing", "balancing-replicakit")) {
          md.append(' ').append(results.run(p, stage).map(r -> fmt(r.metric(m.name()) / m.scale())).orElse("–"))
              .append(" |");
        }
      }
      md.append('\n');
    }
  }

  /** Per-DataNode occupation (MiB) and utilization (%), then σ, ours and the paper's. */
  private static void statusTable(StringBuilder md, ExperimentResults results, List<String> policies,
      String stage) {
    md.append("Per-DataNode occupation (MiB) / utilization (%):\n\n| rack | DataNode |");
    policies.forEach(p -> md.append(' ').append(p).append(" |"));
    md.append("\n|---|---|").append("---|".repeat(policies.size())).append('\n');
    for (String[] node : nodesOf(results, policies, stage)) {
      md.append("| ").append(node[0]).append(" | ").append(node[1]).append(" |");
      for (String p : policies) {
        md.append(' ').append(nodeCell(results.run(p, stage), node[1])).append(" |");
      }
      md.append('\n');
    }
    md.append("| σ | |");
    for (String p : policies) {
      Optional<RunResult> run = results.run(p, stage);
      md.append(String.format(Locale.ROOT, " %s MiB / %s%% |",
          fmt(run.map(r -> r.metric("occupation_std_bytes") / Sizes.MIB).orElse(Double.NaN)),
          fmt(run.map(r -> r.metric("utilization_std_pct")).orElse(Double.NaN))));
    }
    md.append("\n| σ (paper) | |");
    for (String p : policies) {
      Optional<Double> gb = PaperValues.value(stage, "occupation_std_bytes", p);
      Optional<Double> pct = PaperValues.value(stage, "utilization_std_pct", p);
      md.append(gb.isPresent() ? String.format(Locale.ROOT, " %s GB / %s%% |", fmt(gb.get()), fmt(pct.get()))
          : " – |");
    }
    md.append('\n');
  }

  @SuppressWarnings("unchecked")
  private static List<String[]> nodesOf(ExperimentResults results, List<String> policies, String stage) {
    Set<String> seen = new LinkedHashSet<>();
    List<String[]> nodes = new ArrayList<>();
    for (String p : policies) {
      results.run(p, stage).ifPresent(r -> {
        for (Object o : (List<Object>) r.detail().getOrDefault("datanodes", List.of())) {
          Map<String, Object> n = (Map<String, Object>) o;
          if (seen.add((String) n.get("datanode"))) {
            nodes.add(new String[] {(String) n.get("rack"), (String) n.get("datanode")});
          }
        }
      });
    }
    nodes.sort((a, b) -> a[1].compareTo(b[1]));
    return nodes;
  }

  @SuppressWarnings("unchecked")
  private static String nodeCell(Optional<RunResult> run, String datanode) {
    if (run.isEmpty()) {
      return "–";
    }
    for (Object o : (List<Object>) run.get().detail().getOrDefault("datanodes", List.of())) {
      Map<String, Object> n = (Map<String, Object>) o;
      if (datanode.equals(n.get("datanode"))) {
        return fmt(((Number) n.get("occupation_bytes")).doubleValue() / Sizes.MIB) + " / "
            + fmt(((Number) n.get("utilization_pct")).doubleValue());
      }
    }
    return "–";
  }

  private static void performanceTable(StringBuilder md, ExperimentResults results, List<String> policies,
      String stage) {
    md.append("| metric |");
    policies.forEach(p -> md.append(' ').append(p).append(" |"));
    md.append("\n|---|").append("---|".repeat(policies.size())).append('\n');
    for (Metric m : METRICS) {
      boolean measured = policies.stream().anyMatch(p -> results.run(p, stage)
          .map(r -> r.metrics().containsKey(m.name())).orElse(false));
      if (!measured) {
        continue;
      }
      md.append("| ").append(m.label()).append(m.unit().isEmpty() ? "" : " (" + m.unit() + ")").append(" |");
      for (String p : policies) {
        md.append(' ').append(cell(results.run(p, stage), m, stage, p)).append(" |");
      }
      md.append('\n');
    }
  }

  private static String cell(Optional<RunResult> run, Metric m, String stage, String policy) {
    String ours = run.map(r -> {
      double v = r.metric(m.name()) / m.scale();
      double std = r.metric(m.name() + "_std") / m.scale();
      return Double.isNaN(std) || r.repetitions() < 2 ? fmt(v) : fmt(v) + " ± " + fmt(std);
    }).orElse("–");
    Optional<PaperValues.Row> row = PaperValues.row(stage, m.name());
    Optional<Double> paper = PaperValues.value(stage, m.name(), policy);
    return paper.isPresent() ? ours + " (paper " + fmt(paper.get()) + unit(row.get()) + ")" : ours;
  }

  private static String unit(PaperValues.Row row) {
    return row.unit().equals("GB") ? " GB" : "";
  }

  private static void ratioTable(StringBuilder md, ExperimentResults results, List<String> policies,
      String stage) {
    Optional<RunResult> base = results.runs().stream()
        .filter(r -> r.baseline() && r.stage().equals(stage)).findFirst();
    if (base.isEmpty()) {
      return;
    }
    md.append("Ratio to `").append(base.get().variant()).append("` (HDFS's default policy, same run):\n\n");
    md.append("| metric |");
    policies.forEach(p -> md.append(' ').append(p).append(" |"));
    md.append("\n|---|").append("---|".repeat(policies.size())).append('\n');
    for (String metric : RATIO_METRICS) {
      double b = base.get().metric(metric);
      if (Double.isNaN(b)) {
        continue;
      }
      md.append("| ").append(metric).append(" |");
      for (String p : policies) {
        double v = results.run(p, stage).map(r -> r.metric(metric)).orElse(Double.NaN);
        md.append(' ').append(b == 0 ? "–" : String.format(Locale.ROOT, "%.2f", v / b)).append(" |");
      }
      md.append('\n');
    }
  }

  @SuppressWarnings("unchecked")
  private static BarChart rackChart(ExperimentResults results, List<String> policies, String stage) {
    Set<String> racks = new java.util.TreeSet<>();
    policies.forEach(p -> results.run(p, stage).ifPresent(r ->
        racks.addAll(((Map<String, Object>) r.detail().getOrDefault("bytes_per_rack", Map.of())).keySet())));
    List<String> rackList = new ArrayList<>(racks);
    BarChart chart = new BarChart("Data per rack after " + stage, "rack", "MiB", rackList);
    for (String p : policies) {
      Map<String, Object> perRack = results.run(p, stage)
          .map(r -> (Map<String, Object>) r.detail().getOrDefault("bytes_per_rack", Map.of())).orElse(Map.of());
      List<Double> values = new ArrayList<>();
      rackList.forEach(rack -> values.add(((Number) perRack.getOrDefault(rack, 0L)).doubleValue() / Sizes.MIB));
      chart.series(p, values);
    }
    return chart;
  }

  @SuppressWarnings("unchecked")
  private static BarChart utilizationChart(ExperimentResults results, List<String> policies, String stage) {
    List<String[]> nodes = nodesOf(results, policies, stage);
    List<String> names = nodes.stream().map(n -> n[1]).toList();
    BarChart chart = new BarChart("DataNode utilization after " + stage, "DataNode", "utilization %", names);
    for (String p : policies) {
      List<Double> values = new ArrayList<>();
      for (String name : names) {
        double u = 0;
        for (Object o : (List<Object>) results.run(p, stage).map(r -> r.detail().get("datanodes"))
            .orElse(List.of())) {
          Map<String, Object> n = (Map<String, Object>) o;
          if (name.equals(n.get("datanode"))) {
            u = ((Number) n.get("utilization_pct")).doubleValue();
          }
        }
        values.add(u);
      }
      chart.series(p, values);
    }
    return chart;
  }

  private static String fmt(double v) {
    if (Double.isNaN(v)) {
      return "–";
    }
    return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
  }
}
