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

  /**
   * Issue 14's targets come first: DRR at least 4.0× network distance and 0.85 of its device-bound ceiling. Until
   * session 51 the report's "issue's targets" checked only wave 1's 2.5×, and said PASS for runs issue 14 fails.
   */
  @Test
  void issue14Targets_areCheckedFirst_againstTheRatioAndTheCeiling() {
    DeviceModel model = DeviceModelTest.quickModel(Map.of());
    double ceiling = model.ceilingMibS("drr");
    List<ReadChecks.Check> passing = ReadChecks.of(results(30, 100, 110, 0.9 * ceiling), model);
    assertEquals(5, passing.size());
    assertEquals("network-distance", passing.get(0).right());
    assertEquals(4.0, passing.get(0).factor());
    assertEquals(ceiling, passing.get(1).rightMbS());
    assertEquals(0.9 * ceiling >= 120, passing.get(0).pass(), "4.0 × 30 MB/s");
    assertTrue(passing.get(1).pass());

    ReadChecks.Check belowCeiling = ReadChecks.of(results(30, 100, 110, 0.8 * ceiling), model).get(1);
    assertEquals("FAIL", belowCeiling.verdict());
    assertTrue(belowCeiling.line().contains("< 0.85 × its device-bound ceiling"), belowCeiling.line());
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
