/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.cli.Cli;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How runs become results in the common format, and which options are refused. */
class ScaleSampleTest {

  @Test
  void runsOfOnePolicyAndSize_becomeMeanAndSampleStd_underTheSizesStage() {
    List<ScaleSample> runs = List.of(new ScaleSample(1000, 0.5, 2, 400, 800, 1000, 50),
        new ScaleSample(1200, 0.4, 4, 600, 800, 1000, 50));
    RunResult r = ScaleSample.result("balanced", false, 1000, runs);
    assertEquals("nodes-1000", r.stage());
    assertFalse(r.baseline());
    assertEquals(2, r.repetitions());
    assertEquals(1100, r.metric("ops_per_s"), 1e-9);
    assertEquals(Math.sqrt(20_000), r.metric("ops_per_s_std"), 1e-9);
    assertEquals(500, r.metric("replication_blocks_per_s"), 1e-9);
    assertEquals(3, r.metric("replication_ops_per_s"), 1e-9);
    assertEquals(0.45, r.metric("addblock_op_time_ms"), 1e-9);
    assertEquals(50, r.detail().get("racks_seen"));
    assertEquals(List.of(1000.0, 1200.0), r.detail().get("ops_per_s_runs"));
  }

  @Test
  void defaultPolicies_areOnlyNamesTheRegistryKnows_withDefaultFirst() {
    List<String> policies = PlacementScaleExperiment.defaultPolicies();
    assertEquals("default", policies.get(0));
    assertTrue(policies.contains("availablespace"));
    policies.forEach(p -> assertTrue(PlacementScaleExperiment.isKnown(p), p));
  }

  @Test
  void policyLists_needTheBaseline_andNoNodeGroups() {
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> PlacementScaleExperiment.choices(List.of("availablespace"))).getMessage().contains("must include"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> PlacementScaleExperiment.choices(List.of("default", "nodegroup"))).getMessage().contains("nodegroup"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> PlacementScaleExperiment.choices(List.of("default", "fastest"))).getMessage().contains("'fastest'"));
  }

  @Test
  void options_parseIntoTheSetup_withTheToolsDefaults() {
    PlacementScaleExperiment.Setup plain = Cli.parse("placement-scale", new PlacementScaleCli(), List.of()).setup();
    assertEquals(List.of(1000, 10000), plain.nodes());
    assertTrue(plain.editLogFsync(), "the edit log is synced as in a real NameNode unless asked otherwise");
    assertEquals(ScaleProfile.QUICK, plain.profile());
    PlacementScaleExperiment.Setup set = Cli.parse("placement-scale", new PlacementScaleCli(), List.of("--nodes",
        "40,200", "--no-edit-log-fsync", "--repetitions", "3", "--policies", "default,availablespace")).setup();
    assertEquals(List.of(40, 200), set.nodes());
    assertFalse(set.editLogFsync());
    assertEquals(3, set.profile().repetitions());
    assertEquals(List.of("default", "availablespace"), set.policies());
  }

  @Test
  void decommission_isTheProfilesShare_butAtLeastOneNode() {
    assertEquals(500, ScaleProfile.QUICK.decommission(10_000));
    assertEquals(1, ScaleProfile.QUICK.decommission(9));
    assertEquals(50, ScaleProfile.PAPER.decommission(1_000));
  }
}
