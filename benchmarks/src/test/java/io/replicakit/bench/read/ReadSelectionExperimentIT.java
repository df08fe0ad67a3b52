/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read-selection experiment end to end on the {@code one-ssd} spec with a tiny profile and two policies: the
 * data is One_SSD, storage type reads only SSDs, the outputs are written. About 45 s.
 */
class ReadSelectionExperimentIT {

  private static final ReadSelectionProfile TINY = new ReadSelectionProfile("tiny", "4 files of 4 MiB", 4,
      4 * Sizes.MIB, Sizes.MIB, 1, 20, 4, List.of(5.0), 1);

  @TempDir
  Path out;

  @Test
  void twoPolicies_andOneWeight_writeResultsReportAndPlots() throws Exception {
    ReadSelectionExperiment.Setup setup = new ReadSelectionExperiment.Setup(TINY,
        List.of("network-distance", "storage-type"), List.of(5.0), "one-ssd", List.of(), Map.of(),
        ReadSelectionExperiment.PolicyScope.ALL);
    ExperimentResults results = new ReadSelectionExperiment(setup,
        ExperimentRun.start(out, "test", new Progress(System.out))).run();

    assertEquals(Map.of("DISK+DISK+SSD", 16), results.cluster().get("replica_type_mixes"));
    RunResult nd = results.run("network-distance", "read").orElseThrow();
    RunResult st = results.run("storage-type", "read").orElseThrow();
    assertTrue(nd.baseline());
    assertTrue(nd.metric("read_throughput_mb_s") > 0);
    assertEquals(100.0, st.metric("ssd_read_share_pct"), 1e-9, "storage type reads every block from its SSD");
    assertEquals(0.0, st.metric("disk_util_pct"), 1.0);
    assertTrue(results.run("wrr(w=5)", "wrr-weight").isPresent());
    assertTrue(Files.readString(out.resolve("report.md")).contains("## Checks (the issue's targets)"));
    assertTrue(Files.readString(out.resolve("results.json")).contains("\"experiment\": \"read-selection\""));
    for (String png : List.of("throughput.png", "utilization.png", "wrr-weight.png")) {
      assertTrue(Files.size(out.resolve(png)) > 1000, png);
    }
  }
}
