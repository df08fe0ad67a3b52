/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.cli.Cli;
import io.replicakit.testbed.dfsio.DfsioResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The hotspot experiment's write workload: its options and how its writes become results. */
class HotspotWriteTest {

  private static HotspotCli parse(String... args) {
    HotspotCli cli = Cli.parse("hotspot", new HotspotCli(), List.of(args));
    cli.validate();
    return cli;
  }

  @Test
  void withoutWorkload_theReadPoliciesAreTheDefault_asBefore() {
    assertEquals(HotspotExperiment.DISK_POLICIES, parse().policies());
    assertEquals(List.of("network-distance", "drr"), parse("--policies", "network-distance,drr").policies());
  }

  @Test
  void aSpecWithSsdVolumes_addsTheStorageAwarePoliciesToTheReadDefault() {
    assertEquals(List.of("network-distance", "storage-type", "drr", "system-state", "combined"),
        parse("--spec", "one-ssd").policies());
    assertEquals(List.of("network-distance", "system-state", "combined"), parse("--spec", "small").policies());
    assertEquals(List.of("network-distance", "combined"),
        parse("--spec", "one-ssd", "--policies", "network-distance,combined").policies());
  }

  @Test
  void writeWorkload_takesPlacementPolicies_withDefaultAsBaseline() {
    List<String> defaults = parse("--workload", "write").policies();
    assertEquals("default", defaults.get(0));
    assertEquals(List.of("default", "availablespace"),
        parse("--workload", "write", "--policies", "default,availablespace").policies());
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> parse("--workload", "write", "--policies", "availablespace")).getMessage().contains("must include"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> parse("--workload", "write", "--policies", "default,drr")).getMessage().contains("'drr'"),
        "a read policy is no placement policy");
    assertEquals("--workload must be read or write, was 'mixed'",
        assertThrows(IllegalArgumentException.class, () -> parse("--workload", "mixed")).getMessage());
  }

  @Test
  void writes_becomeMeanThroughputWithStd_andTheStressedNodesShare() {
    List<WriteSample> samples = List.of(
        new WriteSample(new DfsioResult("write", 10, 160, 5, 5, 0, 8), 60),
        new WriteSample(new DfsioResult("write", 10, 160, 4, 4, 0, 16), 20));
    RunResult r = WriteSample.result("state-aware", false, "io-stress", samples);
    assertEquals(15, r.metric("write_throughput_mb_s"), 1e-9);
    assertEquals(Math.sqrt(50), r.metric("write_throughput_mb_s_std"), 1e-9);
    assertEquals(12, r.metric("exec_time_s"), 1e-9);
    assertEquals(40, r.metric("stressed_node_block_share_pct"), 1e-9);
    assertEquals(List.of(20.0, 10.0), r.detail().get("write_throughput_mb_s_runs"));
    assertEquals(2, r.repetitions());
  }
}
