/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.RunResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadChecksTest {

  static ExperimentResults results(double nd, double st, double wrr, double drr) {
    List<RunResult> runs = new ArrayList<>();
    runs.add(run("network-distance", true, nd));
    runs.add(run("storage-type", false, st));
    runs.add(run("wrr", false, wrr));
    if (!Double.isNaN(drr)) {
      runs.add(run("drr", false, drr));
    }
    return new ExperimentResults("read-selection", "quick", Instant.EPOCH, "3.5.0", Map.of(), runs);
  }

  private static RunResult run(String policy, boolean baseline, double throughput) {
    return new RunResult(policy, baseline, "read", 2, Map.of(ReadMetrics.THROUGHPUT, throughput,
        ReadMetrics.THROUGHPUT + "_std", 1.0), Map.of());
  }

  @Test
  void targets_passWithTheirNumbers() {
    List<ReadChecks.Check> checks = ReadChecks.of(results(30, 100, 110, 112.5));
    assertTrue(ReadChecks.allPass(checks));
    assertEquals("PASS: drr 112.50 MB/s ≥ 2.5 × network-distance 30.00 MB/s = 75.00 MB/s (ratio 3.75)",
        checks.get(0).line());
    assertEquals("PASS: wrr 110.00 MB/s ≥ 2.5 × network-distance 30.00 MB/s = 75.00 MB/s (ratio 3.67)",
        checks.get(1).line());
    assertEquals("PASS: drr 112.50 MB/s ≥ storage-type 100.00 MB/s (ratio 1.13)", checks.get(2).line());
  }

  @Test
  void targets_failBelowTheirBound() {
    List<ReadChecks.Check> checks = ReadChecks.of(results(40, 100, 99, 95));
    assertFalse(ReadChecks.allPass(checks));
    assertEquals("FAIL: drr 95.00 MB/s < 2.5 × network-distance 40.00 MB/s = 100.00 MB/s (ratio 2.38)",
        checks.get(0).line());
    assertEquals("FAIL", checks.get(1).verdict());
    assertEquals("FAIL: drr 95.00 MB/s < storage-type 100.00 MB/s (ratio 0.95)", checks.get(2).line());
  }

  @Test
  void aPolicyNotRun_isNeitherPassNorFail() {
    ReadChecks.Check drr = ReadChecks.of(results(30, 100, 110, Double.NaN)).get(0);
    assertEquals("NOT RUN", drr.verdict());
    assertFalse(drr.pass());
  }
}
