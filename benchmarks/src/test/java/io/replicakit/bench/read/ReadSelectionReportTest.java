/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadSelectionReportTest {

  private static final DeviceModel MODEL = DeviceModelTest.quickModel(Map.of());

  @TempDir
  Path dir;

  private static RunResult run(String variant, String stage, double throughput, double ssd, double disk) {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(ReadMetrics.THROUGHPUT, throughput);
    m.put(ReadMetrics.THROUGHPUT + "_std", 1.5);
    m.put("exec_time_s", 1152 / throughput);
    m.put("ssd_util_pct", ssd);
    m.put("disk_util_pct", disk);
    Map<String, Object> timeline = new LinkedHashMap<>();
    timeline.put("t_s", List.of(0.25, 0.5, 0.75));
    timeline.put("ssd_util_pct", List.of(ssd, ssd, 0.0));
    timeline.put("disk_util_pct", List.of(disk, disk, 0.0));
    if (variant.equals("drr")) {
      timeline.put("weight", List.of(5.0, 6.0, 6.0));
    }
    return new RunResult(variant, variant.equals("network-distance"), stage, 2, m, Map.of("timeline", timeline));
  }

  static ExperimentResults results() {
    List<RunResult> runs = new ArrayList<>();
    runs.add(run("network-distance", "read", 30, 8, 86));
    runs.add(run("storage-type", "read", 100, 80, 0));
    runs.add(run("wrr", "read", 111, 74, 74));
    runs.add(run("drr", "read", 112.5, 76, 65));
    runs.add(run("wrr(w=1)", "wrr-weight", 45, 20, 90));
    runs.add(run("wrr(w=7)", "wrr-weight", 113, 80, 50));
    return new ExperimentResults("read-selection", "quick", Instant.EPOCH, "3.5.0", Map.of(), runs);
  }

  @Test
  void report_printsTheChecks_ratiosToNetworkDistance_andThePapersValues() {
    String md = ReadSelectionReport.render(results(), "bin/replicakit experiment read-selection", "- Cluster: x",
        MODEL, 420);
    assertTrue(md.contains("run time 420 s (7.0 min)"));
    assertTrue(md.contains("- **PASS**: drr 112.50 MB/s ≥ 2.5 × network-distance 30.00 MB/s = 75.00 MB/s"
        + " (ratio 3.75)"), md);
    assertTrue(md.contains("- **PASS**: drr 112.50 MB/s ≥ storage-type 100.00 MB/s (ratio 1.13)"));
    assertTrue(md.contains("| `drr` | 112.5 ± 1.50 | 3.75× |"), md);
    assertTrue(md.contains("| `network-distance` (HDFS) | 30.00 ± 1.50 | 1.00× |"), md);
    assertTrue(md.contains("| `network-distance` | 8 | 86 | – | 5 | 97 |"), md);
    assertTrue(md.contains("| `storage-type` | 80 | 0 | – | 90 | 0 |"), md);
    assertTrue(md.contains("DRR read 6.4× as fast as network distance"));
    assertTrue(md.contains("Best here: `wrr(w=7)`, 113.0 MB/s (SSD 80 %, DISK 50 % busy)"), md);
    assertTrue(md.contains("| `wrr(w=1)` | 45.00 ± 1.50 | 1.50× | 20 | 90 | – | 48.00 |"), md);
  }

  @Test
  void write_producesTheReportAndTheThreeFigures() throws Exception {
    ReadSelectionReport.write(results(), dir, "cmd", "- Cluster: x", MODEL, 1);
    for (String file : List.of("report.md", "throughput.png", "utilization.png", "wrr-weight.png")) {
      assertTrue(Files.size(dir.resolve(file)) > 1000, file);
    }
  }

  @Test
  void variants_areListedPerStageInRunOrder() {
    assertEquals(List.of("wrr(w=1)", "wrr(w=7)"), ReadSelectionReport.variants(results(), "wrr-weight"));
    assertEquals("wrr(w=7)", ReadSelectionExperiment.wrrVariant(7));
    assertEquals("wrr(w=2.5)", ReadSelectionExperiment.wrrVariant(2.5));
  }
}
