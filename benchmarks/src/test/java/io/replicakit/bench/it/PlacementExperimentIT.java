/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.placement.BalancerChoice;
import io.replicakit.bench.placement.PlacementExperiment;
import io.replicakit.bench.placement.PlacementProfile;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The placement experiment end to end on a small six-node spec with two policies: every stage runs on a real
 * cluster, the outputs are written, and the load-stage placement obeys each policy's rule.
 */
class PlacementExperimentIT {

  private static final PlacementProfile TINY = new PlacementProfile("tiny", "4 files of 4 MiB", 4,
      4 * Sizes.MIB, Sizes.MIB, 1, 2, 10);

  @TempDir
  Path out;

  @Test
  void twoPolicies_smallSpec_writeReportJsonAndPlots_andObeyTheirRules() throws Exception {
    // Three racks of two: Default's second and third replicas always find a remote rack with two nodes.
    Path spec = out.resolve("three-by-two.properties");
    Files.writeString(spec, "name=three-by-two\ndatanodes=6\nracks=3\ncapacities=1g*6\n");
    PlacementExperiment.Setup setup = new PlacementExperiment.Setup(TINY,
        PlacementExperiment.policies("default,rackfaulttolerant"), spec.toString(),
        BalancerChoice.parse("hdfs,replicakit"));
    ExperimentResults results = new PlacementExperiment(setup,
        ExperimentRun.start(out.resolve("out"), "test", new Progress(System.out))).run();

    assertTrue(Files.exists(out.resolve("out/results.json")));
    assertTrue(Files.readString(out.resolve("out/report.md")).contains("Stage 3: balancing"));
    for (String stage : List.of("load", "rereplication", "balancing")) {
      assertTrue(Files.size(out.resolve("out/racks-" + stage + ".png")) > 0);
      assertTrue(Files.size(out.resolve("out/utilization-" + stage + ".png")) > 0);
    }
    RunResult defaultLoad = results.run("default", "load").orElseThrow();
    RunResult rftLoad = results.run("rackfaulttolerant", "load").orElseThrow();
    assertTrue(defaultLoad.baseline());
    assertEquals(0.0, defaultLoad.metric("blocks_in_unique_racks_pct"));
    assertEquals(100.0, rftLoad.metric("blocks_in_unique_racks_pct"));
    assertEquals(0.0, rftLoad.metric("violating_blocks_pct"));
    assertEquals(16.0, defaultLoad.metric("blocks_count"));
    RunResult rerep = results.run("default", "rereplication").orElseThrow();
    assertTrue(rerep.metric("rereplication_time_s") > 0);
    RunResult balancing = results.run("rackfaulttolerant", "balancing").orElseThrow();
    assertEquals(0.0, balancing.metric("balancer_exit_code"), "the Balancer should end with SUCCESS");
    assertTrue(balancing.metric("read_throughput_mb_s") > 0);
    // ReplicaKit's balancer ran as its own stage, from the same kind of cluster, and kept one replica per rack.
    RunResult ours = results.run("rackfaulttolerant", "balancing-replicakit").orElseThrow();
    assertEquals(0.0, ours.metric("balancer_exit_code"), "ReplicaKit's balancer should end with SUCCESS");
    assertEquals(100.0, ours.metric("blocks_in_unique_racks_pct"));
    assertEquals(0.0, ours.metric("violating_blocks_pct"));
    assertTrue(Files.readString(out.resolve("out/report.md")).contains("The two balancers side by side"));
    assertEquals(8, results.runs().size(), "per policy: stages 1-2 once, stage 3 once per balancer");
  }
}
