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
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hotspot experiment's write workload end to end on the {@code small} spec with a tiny profile and two
 * placement policies: a warm-up write picks the stressed node, each policy writes in both stages with the stress
 * seen by the NameNode's registry, and the outputs are written.
 */
class HotspotWriteIT {

  private static final HotspotProfile TINY = new HotspotProfile("tiny", "3 files of 2 MiB, 1 write per stage", 3,
      2 * Sizes.MIB, Sizes.MIB, 1, 2, 95, 95);

  @TempDir
  Path out;

  @Test
  void twoPolicies_writeInBothStages_andTheStressedNodeIsOneTheWritersUsed() throws Exception {
    HotspotExperiment.Setup setup = new HotspotExperiment.Setup(TINY, List.of("default", "availablespace"),
        "small", List.of(), Map.of());
    ExperimentResults results = new HotspotWriteExperiment(setup,
        ExperimentRun.start(out, "test", new Progress(System.out)), ClusterMode.EMBEDDED).run();

    assertEquals(4, results.runs().size());
    assertEquals("write", results.cluster().get("workload"));
    assertTrue(((Number) results.cluster().get("stressed_datanode_block_share_pct")).doubleValue() > 0);
    for (String stage : List.of("none", "io-stress")) {
      RunResult base = results.run("default", stage).orElseThrow();
      assertTrue(base.baseline());
      assertTrue(base.metric("write_throughput_mb_s") > 0, stage);
      double share = results.run("availablespace", stage).orElseThrow().metric("stressed_node_block_share_pct");
      assertTrue(share >= 0 && share <= 100, stage + ": " + share);
    }
    assertTrue(Files.readString(out.resolve("report.md")).contains("| io-stress | default |"));
    assertTrue(Files.readString(out.resolve("results.json")).contains("\"write_throughput_mb_s\""));
    assertTrue(Files.size(out.resolve("write-throughput.png")) > 1000);
  }
}
