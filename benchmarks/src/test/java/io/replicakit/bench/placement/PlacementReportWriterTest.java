/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.bench.results.ExperimentResults;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PlacementReportWriterTest {

  @Test
  void report_namesTheTestbedTheRunUsed() {
    assertEquals("multi-process testbed (a JVM per daemon, YARN, shaped links)",
        PlacementReportWriter.testbedText(results("processes")));
    assertEquals("embedded testbed", PlacementReportWriter.testbedText(results("embedded")));
  }

  private static ExperimentResults results(String mode) {
    return new ExperimentResults("placement", "quick", Instant.EPOCH, "3.5.0", Map.of("mode", mode), List.of());
  }
}
