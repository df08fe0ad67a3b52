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
 * The placement-scale experiment end to end at 60 simulated DataNodes (three racks of 20) with a tiny profile: each
 * policy allocates blocks and re-replicates a decommissioned node's blocks on a real NameNode that sees the racks,
 * and the outputs are written. About 30 s.
 */
class PlacementScaleExperimentIT {

  private static final int NODES = 60;
  private static final int REPLICAS_PER_NODE = 6;
  private static final ScaleProfile TINY = new ScaleProfile("tiny", "500 allocations, 1 of 60 nodes decommissioned",
      500, 100, 2, REPLICAS_PER_NODE, 100.0 / NODES, 1);

  @TempDir
  Path out;

  @Test
  void fourPolicies_atSixtyDataNodes_allocateAndReplicateTheSameBlocks_inThreeRacks() throws Exception {
    List<String> policies = List.of("default", "availablespace", "rackfaulttolerant", "balanced");
    ExperimentResults results = new PlacementScaleExperiment(new PlacementScaleExperiment.Setup(TINY, policies,
        List.of(NODES), true), ExperimentRun.start(out, "test", new Progress(System.out))).run();

    assertEquals(4, results.runs().size());
    for (String policy : policies) {
      RunResult r = results.run(policy, "nodes-" + NODES).orElseThrow();
      assertEquals(policy.equals("default"), r.baseline());
      assertTrue(r.metric("ops_per_s") > 0, policy);
      // every policy re-replicates exactly the decommissioned node's replicas, however it places blocks itself
      assertEquals(REPLICAS_PER_NODE, r.metric("replication_blocks_count"), policy);
      assertEquals(3, r.detail().get("racks_seen"), policy);
      assertEquals(NODES, r.detail().get("datanodes_seen"), policy);
    }
    assertTrue(Files.readString(out.resolve("report.md")).contains("| default |"));
    assertTrue(Files.readString(out.resolve("results.json")).contains("\"experiment\": \"placement-scale\""));
    for (String png : List.of("ops-per-s.png", "replication-blocks-per-s.png")) {
      assertTrue(Files.size(out.resolve(png)) > 1000, png);
    }
  }
}
