/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.BarChart;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.LineChart;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.spec.Sizes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes the read-selection experiment's {@code report.md} and plots: the checks, throughput per policy
 * with ratios to network distance from the same run (paper Fig. 3), SSD and DISK utilization per policy, averaged
 * and over time (Fig. 4), and the WRR weight sweep (Fig. 5), with the paper's stated values beside ours.
 */
final class ReadSelectionReport {

  static final String READ = "read";
  static final String SWEEP = "wrr-weight";

  private ReadSelectionReport() {}

  static void write(ExperimentResults results, Path outDir, String command, String setup, DeviceModel model,
      double runSeconds) throws IOException {
    Files.writeString(outDir.resolve("report.md"), render(results, command, setup, model, runSeconds),
        StandardCharsets.UTF_8);
    List<String> policies = variants(results, READ);
    if (!policies.isEmpty()) {
      throughputChart(results, policies, model).writePng(outDir.resolve("throughput.png"));
      LineChart.writePanels(utilizationPanels(results, policies), 2, outDir.resolve("utilization.png"));
    }
    List<String> weights = variants(results, SWEEP);
    if (!weights.isEmpty()) {
      LineChart.writePanels(sweepPanels(results, weights), 2, outDir.resolve("wrr-weight.png"));
    }
  }

  /** The report's Markdown; pure, so it can be checked with fixed numbers. */
  static String render(ExperimentResults results, String command, String setup, DeviceModel model,
      double runSeconds) {
    StringBuilder md = new StringBuilder();
    md.append("# Read-selection experiment: ").append(results.profile()).append(" profile\n\n");
    md.append("Reproduces the DFSIO experiments of the read-selection paper (§4.2: Fig. 3, 4 and 5) on the testbed"
        + " (`cluster.mode` in results.json: embedded, or a process per daemon). Values are this run's measurements;"
        + " the paper's are shown beside them, labelled as the paper's. Throughputs are MiB/s, which TestDFSIO"
        + " prints as \"MB/sec\".\n\n");
    md.append(Md.runLines(command, results, runSeconds));
    md.append(setup).append("\n");
    List<String> policies = variants(results, READ);
    if (!policies.isEmpty()) {
      checks(md, results, model);
      throughputSection(md, results, policies, model);
      utilizationSection(md, results, policies);
      racksSection(md, results, policies);
      costSection(md, results, policies);
    }
    List<String> weights = variants(results, SWEEP);
    if (!weights.isEmpty()) {
      sweepSection(md, results, weights, model);
    }
    return md.toString();
  }

  private static void checks(StringBuilder md, ExperimentResults results, DeviceModel model) {
    md.append("\n## Checks (issue 14's targets for DRR, then wave 1's)\n\n");
    for (ReadChecks.Check c : ReadChecks.of(results, model)) {
      md.append("- **").append(c.verdict()).append("**: ").append(c.detail()).append('\n');
    }
  }

  private static void throughputSection(StringBuilder md, ExperimentResults results, List<String> policies,
      DeviceModel model) {
    md.append("\n## Read throughput per policy (paper Fig. 3)\n\n");
    md.append("Read throughput is the data read over the TestDFSIO job's wall-clock time (the paper's Fig. 3"
        + " compares execution times); TestDFSIO's own figure is per map (size over the sum of map times). The"
        + " device-bound ceiling is the paper's §3.2 model for our devices: the share of blocks a policy sends to"
        + " SSD, read by all SSDs and all DISKs at their emulated speeds, nothing else limiting. The share is the"
        + " policy's own: its production class, with this run's settings and no system state reported, orders "
        + String.format(Locale.ROOT, "%,d", DeviceModel.BLOCKS) + " synthetic One_SSD blocks (sampled, so within"
        + " about 0.2 % for policies that break ties at random).\n\n");
    double base = throughput(results, ReadSelectionExperiment.BASELINE, READ);
    md.append(Md.header(List.of("policy", "read throughput (MB/s)", "ratio to network-distance",
        "exec time (s)", "TestDFSIO throughput per map (MB/s)", "device-bound ceiling (MB/s)",
        "measured / ceiling")));
    for (String p : policies) {
      RunResult r = results.run(p, READ).orElseThrow();
      double t = r.metric(ReadMetrics.THROUGHPUT);
      double ceiling = model.ceilingMibS(p);
      md.append(Md.row(List.of("`" + p + "`" + (r.baseline() ? " (HDFS)" : ""),
          Md.meanStd(t, r.metric(ReadMetrics.THROUGHPUT + "_std"), r.repetitions()), Md.ratio(t, base),
          Md.num(r.metric("exec_time_s")), Md.num(r.metric("dfsio_throughput_mb_s")), Md.num(ceiling),
          Md.ratio(t, ceiling))));
    }
    md.append(String.format(Locale.ROOT, "%nThe paper's: DRR read %.1f× as fast as network distance on DFSIO"
        + " (§4.2.1); its model expected %.0f× network distance and %.1f× storage type. WRR ran with weight"
        + " %.0f, the SSD/HDD speed ratio, as here.%n", ReadPaperValues.DRR_SPEEDUP,
        ReadPaperValues.EXPECTED_DRR_OVER_ND, ReadPaperValues.EXPECTED_DRR_OVER_STORAGE_TYPE,
        ReadPaperValues.WRR_WEIGHT));
    md.append("\n![Read throughput per policy](throughput.png)\n");
  }

  private static void utilizationSection(StringBuilder md, ExperimentResults results, List<String> policies) {
    md.append("\n## Storage utilization per policy (paper Fig. 4)\n\n");
    md.append("Average busy share of the SSD and DISK volumes during the read (emulated-device busy time over"
        + " the sampled time, as `iostat`'s %util averaged over the run), and where the bytes came from"
        + " (device counters).\n\n");
    md.append(Md.header(List.of("policy", "SSD util (%)", "DISK util (%)", "read from SSD (%)",
        "paper SSD util (%)", "paper DISK util (%)")));
    for (String p : policies) {
      RunResult r = results.run(p, READ).orElseThrow();
      md.append(Md.row(List.of("`" + p + "`", Md.pct(r.metric("ssd_util_pct")), Md.pct(r.metric("disk_util_pct")),
          Md.pct(r.metric("ssd_read_share_pct")), Md.pct(ReadPaperValues.ssdUtilPct(p)),
          Md.pct(ReadPaperValues.diskUtilPct(p)))));
    }
    md.append("\nThe timelines are the last repetition of each policy, sampled every 250 ms.\n");
    md.append("\n![SSD and DISK utilization over time per policy](utilization.png)\n");
  }

  /** Bytes between racks per policy (paper §4.2.3), when the run's links were shaped and counted. */
  private static void racksSection(StringBuilder md, ExperimentResults results, List<String> policies) {
    if (policies.stream().noneMatch(p -> results.run(p, READ).orElseThrow().metrics()
        .containsKey(ReadMetrics.UPLINK_BYTES))) {
      return;
    }
    boolean readerOnNode = policies.stream().anyMatch(p -> results.run(p, READ).orElseThrow().metrics()
        .containsKey(ReadMetrics.READER_NODE_LINK_BYTES));
    String toReader = readerOnNode ? ReadMetrics.READER_NODE_LINK_BYTES : ReadMetrics.CLIENT_LINK_BYTES;
    md.append("\n## Traffic between racks (paper §4.2.3)\n\n");
    md.append("Bytes the links carried during each read (mean over the repetitions), from their veth counters,"
        + " headers included: out of the racks through their uplinks, and down to the reader: "
        + (readerOnNode ? "its DataNode's own link, which carries what it reads from replicas on other nodes"
            : "the client hosts' links") + ". For a reader in a rack, what left a rack is what it read from other"
        + " racks (and the job's calls to the NameNode, which sits beyond the uplinks); for an off-cluster reader,"
        + " everything.\n\n");
    double base = throughput(results, ReadSelectionExperiment.BASELINE, READ);
    md.append(Md.header(List.of("policy", "read throughput (MB/s)", "ratio to network-distance",
        "out of the racks (MiB)", "to the reader (MiB)", "out of the racks / to the reader (%)",
        "read from SSD (%)")));
    for (String p : policies) {
      RunResult r = results.run(p, READ).orElseThrow();
      double t = r.metric(ReadMetrics.THROUGHPUT);
      double up = r.metric(ReadMetrics.UPLINK_BYTES);
      double client = r.metric(toReader);
      md.append(Md.row(List.of("`" + p + "`", Md.meanStd(t, r.metric(ReadMetrics.THROUGHPUT + "_std"),
          r.repetitions()), Md.ratio(t, base), Md.num(up / Sizes.MIB), Md.num(client / Sizes.MIB),
          Md.pct(client > 0 ? 100 * up / client : Double.NaN), Md.pct(r.metric("ssd_read_share_pct")))));
    }
    md.append(String.format(Locale.ROOT, "%nThe paper's (§4.2.3, a rack of two nodes and a rack of one):"
        + " without network considerations %.0f GB (storage type), %.0f GB (WRR) and %.0f GB (DRR) moved between"
        + " the racks; with them, none.%n", ReadPaperValues.RACK_TO_RACK_GB.get("storage-type"),
        ReadPaperValues.RACK_TO_RACK_GB.get("wrr"), ReadPaperValues.RACK_TO_RACK_GB.get("drr")));
  }

  private static void costSection(StringBuilder md, ExperimentResults results, List<String> policies) {
    md.append("\n## Where the time went\n\n");
    md.append("Device span: from the first to the last 250 ms interval in which the devices read data (64 KiB or"
        + " more); device"
        + " throughput: bytes read over that span (the read without the job's start-up and wind-down). CPU: cores"
        + " this JVM (all daemons and the client) kept busy, and the machine's load including other processes;"
        + " the machine has 2 cores.\n\n");
    md.append(Md.header(List.of("policy", "exec time (s)", "device span (s)", "device throughput (MB/s)",
        "JVM CPU (cores)", "machine CPU (%)")));
    for (String p : policies) {
      RunResult r = results.run(p, READ).orElseThrow();
      md.append(Md.row(List.of("`" + p + "`", Md.num(r.metric("exec_time_s")), Md.num(r.metric("device_read_span_s")),
          Md.num(r.metric("device_throughput_mb_s")), Md.num(r.metric("jvm_cpu_cores")),
          Md.pct(r.metric("machine_cpu_pct")))));
    }
  }

  private static void sweepSection(StringBuilder md, ExperimentResults results, List<String> weights,
      DeviceModel model) {
    md.append("\n## WRR weight sweep (paper Fig. 5)\n\n");
    double base = throughput(results, ReadSelectionExperiment.BASELINE, READ);
    md.append(Md.header(List.of("variant", "read throughput (MB/s)", "ratio to network-distance", "SSD util (%)",
        "DISK util (%)", "read from SSD (%)", "device-bound ceiling (MB/s)")));
    String best = null;
    for (String w : weights) {
      RunResult r = results.run(w, SWEEP).orElseThrow();
      double t = r.metric(ReadMetrics.THROUGHPUT);
      if (best == null || t > throughput(results, best, SWEEP)) {
        best = w;
      }
      md.append(Md.row(List.of("`" + w + "`", Md.meanStd(t, r.metric(ReadMetrics.THROUGHPUT + "_std"),
          r.repetitions()), Md.ratio(t, base), Md.pct(r.metric("ssd_util_pct")), Md.pct(r.metric("disk_util_pct")),
          Md.pct(r.metric("ssd_read_share_pct")), Md.num(model.ceilingMibS(w)))));
    }
    RunResult b = results.run(best, SWEEP).orElseThrow();
    md.append(String.format(Locale.ROOT, "%nBest here: `%s`, %s MB/s (SSD %s %%, DISK %s %% busy). The paper's:"
        + " best at weight %.0f (SSD %.0f %%, DISK %.0f %%); weight 20 was %.1f %% slower than the best, with"
        + " about 30 %% less DISK utilization (§4.2.2).%n", best, Md.num(b.metric(ReadMetrics.THROUGHPUT)),
        Md.pct(b.metric("ssd_util_pct")), Md.pct(b.metric("disk_util_pct")), ReadPaperValues.BEST_WEIGHT,
        ReadPaperValues.BEST_WEIGHT_SSD_PCT, ReadPaperValues.BEST_WEIGHT_DISK_PCT,
        ReadPaperValues.WEIGHT_20_LOSS_PCT));
    md.append("\n![WRR throughput and utilization by weight](wrr-weight.png)\n");
  }

  private static BarChart throughputChart(ExperimentResults results, List<String> policies, DeviceModel model) {
    BarChart chart = new BarChart("Read throughput per policy (cf. paper Fig. 3)", "policy", "MB/s", policies);
    List<Double> measured = new ArrayList<>();
    List<Double> ceiling = new ArrayList<>();
    for (String p : policies) {
      measured.add(finite(throughput(results, p, READ)));
      ceiling.add(finite(model.ceilingMibS(p)));
    }
    return chart.series("measured", measured).series("device-bound ceiling (model)", ceiling);
  }

  private static List<LineChart> utilizationPanels(ExperimentResults results, List<String> policies) {
    List<LineChart> panels = new ArrayList<>();
    for (String p : policies) {
      Map<String, Object> t = timeline(results.run(p, READ).orElseThrow());
      panels.add(new LineChart(p + ": utilization (cf. paper Fig. 4)", "time (s)", "utilization (%)").yRange(100)
          .series("SSD", list(t, "t_s"), list(t, "ssd_util_pct"))
          .series("DISK", list(t, "t_s"), list(t, "disk_util_pct")));
    }
    for (String p : policies) {
      Map<String, Object> t = timeline(results.run(p, READ).orElseThrow());
      if (t.containsKey("weight") && !p.equals("wrr")) {
        panels.add(new LineChart(p + ": round-robin weight in the NameNode", "time (s)", "weight")
            .series("weight", list(t, "t_s"), list(t, "weight")));
      }
    }
    return panels;
  }

  private static List<LineChart> sweepPanels(ExperimentResults results, List<String> weights) {
    List<Double> x = new ArrayList<>();
    List<Double> thr = new ArrayList<>();
    List<Double> ssd = new ArrayList<>();
    List<Double> disk = new ArrayList<>();
    for (String w : weights) {
      RunResult r = results.run(w, SWEEP).orElseThrow();
      x.add(Double.parseDouble(w.replaceAll("[^0-9.]", "")));
      thr.add(r.metric(ReadMetrics.THROUGHPUT));
      ssd.add(r.metric("ssd_util_pct"));
      disk.add(r.metric("disk_util_pct"));
    }
    return List.of(
        new LineChart("WRR read throughput by weight (cf. paper Fig. 5)", "weight", "MB/s").withMarkers()
            .series("read throughput", x, thr),
        new LineChart("WRR utilization by weight (cf. paper Fig. 5)", "weight", "utilization (%)").yRange(100)
            .withMarkers().series("SSD", x, ssd).series("DISK", x, disk));
  }

  private static double finite(double v) {
    return Double.isFinite(v) ? v : 0;
  }

  static List<String> variants(ExperimentResults results, String stage) {
    List<String> v = new ArrayList<>();
    results.runs().stream().filter(r -> r.stage().equals(stage)).forEach(r -> v.add(r.variant()));
    return v;
  }

  private static double throughput(ExperimentResults results, String variant, String stage) {
    return results.run(variant, stage).map(r -> r.metric(ReadMetrics.THROUGHPUT)).orElse(Double.NaN);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> timeline(RunResult r) {
    return (Map<String, Object>) r.detail().getOrDefault("timeline", Map.of());
  }

  @SuppressWarnings("unchecked")
  private static List<Double> list(Map<String, Object> timeline, String key) {
    List<Double> values = new ArrayList<>();
    for (Object o : (List<Object>) timeline.getOrDefault(key, List.of())) {
      values.add(o == null ? Double.NaN : ((Number) o).doubleValue());
    }
    return values;
  }
}
