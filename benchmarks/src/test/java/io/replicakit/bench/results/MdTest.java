/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MdTest {

  @Test
  void runLines_sayTheCommand_theStart_theHadoop_andTheRunTimeInSecondsAndMinutes() {
    ExperimentResults results = new ExperimentResults("x", "quick", Instant.EPOCH, "3.5.0", Map.of(), List.of());
    assertEquals("- Command: `bin/replicakit experiment x`\n- Started: 1970-01-01T00:00:00Z, Hadoop 3.5.0; run time"
        + " 420 s (7.0 min)\n", Md.runLines("bin/replicakit experiment x", results, 420));
  }

  @Test
  void numbers_ratios_andPercents_showAnEnDashWhenNotMeasured() {
    assertEquals("–", Md.num(Double.NaN));
    assertEquals("2.73", Md.num(2.734));
    assertEquals("123.5", Md.num(123.46));
    assertEquals("0.65×", Md.ratio(2.73, 4.21));
    assertEquals("–", Md.ratio(1, 0));
    assertEquals("96", Md.pct(95.6));
  }
}
