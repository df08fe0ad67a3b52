/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The placement-scale experiment end to end at 40 simulated DataNodes (two racks of 20) with a tiny profile: each
 * policy allocates blocks and re-replicates a decommissioned node's blocks on a real NameNode that sees the racks,
 * and the outputs are written. About 20 s.
 */
class PlacementScaleExperimentIT {

  private static final ScaleProfile TINY = new ScaleProfile("tiny", "500 allocations, 1 of 40 nodes decommissioned",
      500, 2, 6, 2.5, 1);

  @TempDir
  Path out;

  @Test
  void threePolicies_atFortyDataNodes_allocateAndReplicate_inTwoRacks() throws Exception {
    List<String> policies = List.of("default", "availablespace", "rackfaulttolerant");
    ExperimentResults results = new PlacementScaleExperiment(new PlacementScaleExperiment.Setup(TINY, policies,
        List.of(40), true), ExperimentRun.start(out, "test", new Progress(System.out))).run();

    assertEquals(3, results.runs().size());
    for (String policy : policies) {
      RunResult r = results.run(policy, "nodes-40").orElseThrow();
      assertEquals(policy.equals("default"), r.baseline());
      assertTrue(r.metric("ops_per_s") > 0, policy);
      assertTrue(r.metric("replication_blocks_count") > 0, policy + ": the decommissioned node's blocks were"
          + " scheduled for re-replication");
      assertEquals(2, r.detail().get("racks_seen"), policy);
      assertEquals(40, r.detail().get("datanodes_seen"), policy);
    }
    assertTrue(Files.readString(out.resolve("report.md")).contains("| default |"));
    assertTrue(Files.readString(out.resolve("results.json")).contains("\"experiment\": \"placement-scale\""));
    for (String png : List.of("ops-per-s.png", "replication-blocks-per-s.png")) {
      assertTrue(Files.size(out.resolve(png)) > 1000, png);
    }
  }
}
