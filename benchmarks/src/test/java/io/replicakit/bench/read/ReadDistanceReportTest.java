/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.RunResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadDistanceReportTest {

  @Test
  void nearAndFar_withinTwoPercent_areAtPar() {
    assertEquals("≈", ReadDistanceReport.compare(4.2067, 4.21));
    assertEquals(">", ReadDistanceReport.compare(20.9, 2.73));
    assertEquals("<", ReadDistanceReport.compare(2.73, 4.21));
  }

  @Test
  void findings_sayWhereDistanceCosts_andWhetherTheFarSsdLosesToANearDisk() {
    ExperimentResults results = results(new double[] {20.94, 4.21, 20.91, 4.21, 2.73, 2.73});
    List<String> f = ReadDistanceReport.findings(results);
    assertEquals("SSD: local 20.94 ≈ in-rack 20.91; in-rack 20.91 > off-rack 2.73 MiB/s.", f.get(0));
    assertEquals("DISK: local 4.21 ≈ in-rack 4.21; in-rack 4.21 > off-rack 2.73 MiB/s.", f.get(1));
    assertTrue(f.get(2).endsWith("the far SSD is slower, as in the paper."), f.get(2));
    String md = ReadDistanceReport.render(results, "cmd", "- setup", 1);
    assertTrue(md.contains("| off-rack | SSD | n3 | 2.73 | 0.65× | 3.00 |"), md);
  }

  @Test
  void aFarSsdAsFastAsANearDisk_isNotSlower() {
    List<String> f = ReadDistanceReport.findings(results(new double[] {20, 4, 20, 4, 4.02, 2.7}));
    assertTrue(f.get(2).endsWith("the far SSD is not slower."), f.get(2));
  }

  /** Six cells in the experiment's order, with these stream rates and a bound of 3 off-rack, else 20 or 4. */
  private static ExperimentResults results(double[] streams) {
    List<RunResult> runs = new ArrayList<>();
    String[] distances = {"local", "local", "in-rack", "in-rack", "off-rack", "off-rack"};
    for (int i = 0; i < streams.length; i++) {
      String type = i % 2 == 0 ? "SSD" : "DISK";
      double bound = i >= 4 ? 3 : i % 2 == 0 ? 20 : 4;
      runs.add(new RunResult(type.toLowerCase() + "-" + distances[i], i == 1, ReadDistanceExperiment.STAGE, 3,
          Map.of(ReadDistanceReport.STREAM, streams[i], ReadDistanceReport.BOUND, bound, "stream_of_bound_pct",
              100 * streams[i] / bound),
          Map.of("distance", distances[i], "storage_type", type, "node", "n" + (i / 2 + 1))));
    }
    return new ExperimentResults(ReadDistanceExperiment.NAME, "default", Instant.EPOCH, "3.5.0", Map.of(), runs);
  }
}
