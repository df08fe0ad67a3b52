/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hotspot experiment's read workload end to end on the {@code one-ssd} spec (SSD and DISK on every node) with a
 * tiny profile and two policies: the data is One_SSD, both policies read in every stage, and under stress the
 * system-state score keeps its reads off the stressed node while HDFS's order does not. It checks decisions, not
 * timings: the shares are the devices' byte counters, whatever the machine's load.
 */
class HotspotExperimentIT {

  /**
   * 8 files of 2 MiB in 128 KiB blocks, so one read is 128 choices of a replica. The stressed node holds a replica
   * of at least half the blocks (3 replicas of each on 6 nodes), and HDFS picks one of a block's three equally far
   * replicas at random, so network distance reads about a sixth of the bytes from it or more. With 128 blocks the
   * chance that this falls to {@link #CLEAR_SHARE_PCT} is under 1 in 2000 (binomial, 64 blocks at 1/3); with 1 MiB
   * blocks of the same data (16) it would be one in five. One read per policy and stage keeps the run short.
   */
  private static final HotspotProfile TINY = new HotspotProfile("tiny",
      "8 files of 2 MiB in 128 KiB blocks, 1 read per stage", 8, 2 * Sizes.MIB, 128 * Sizes.KIB, 1, 2, 95, 95);
  /** HDFS refuses blocks under 1 MiB unless the NameNode allows them. */
  private static final Map<String, String> SMALL_BLOCKS = Map.of(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY,
      Long.toString(TINY.blockBytes()));
  private static final List<String> POLICIES = List.of("network-distance", "system-state");
  private static final String SHARE = HotspotReport.STRESSED_SHARE;
  /**
   * A share far below network distance's expected sixth. System-state must stay under it, network distance above it.
   * The quick and paper runs read 0 % from the stressed node with system-state; this tiny profile's reads last a
   * second or two, within one heartbeat sample, and one verify run read 7 of its 128 blocks (5.5 %) there, so the
   * bound is this one line between "avoided" and "read as HDFS does" rather than the experiment's 5 % target.
   */
  private static final double CLEAR_SHARE_PCT = 7.5;

  @TempDir
  Path out;

  @Test
  void oneSsd_underStress_systemStateStaysOffTheStressedNode_networkDistanceDoesNot() throws Exception {
    HotspotExperiment.Setup setup = new HotspotExperiment.Setup(TINY, POLICIES, "one-ssd", List.of(), SMALL_BLOCKS);
    ExperimentResults results = new HotspotExperiment(setup,
        ExperimentRun.start(out, "test", new Progress(System.out))).run();

    assertEquals("one-ssd", results.cluster().get("spec"));
    assertEquals("ONE_SSD", results.cluster().get("storage"));
    assertEquals(Map.of("DISK+DISK+SSD", 128), results.cluster().get("replica_type_mixes"));
    assertEveryStageOfEveryPolicy(results);

    double hdfs = share(results, "network-distance", HotspotStage.IO);
    assertTrue(hdfs > CLEAR_SHARE_PCT, "io-stress: network-distance read " + hdfs + " % from the stressed node");
    for (HotspotStage stage : List.of(HotspotStage.IO, HotspotStage.ALL)) {
      double systemState = share(results, "system-state", stage);
      assertTrue(systemState < CLEAR_SHARE_PCT,
          stage.id() + ": system-state read " + systemState + " % from the stressed node");
    }
    String report = Files.readString(out.resolve("report.md"));
    assertTrue(report.contains("storage policy ONE_SSD") && report.contains("read from SSD (%)"), report);
    for (String png : List.of("throughput.png", "stressed-share.png", "nodes-io-stress.png")) {
      assertTrue(Files.size(out.resolve(png)) > 1000, png);
    }
  }

  private static double share(ExperimentResults results, String policy, HotspotStage stage) {
    return results.run(policy, stage.id()).orElseThrow().metric(SHARE);
  }

  /** Every policy has a run in every stage, in the results and in {@code results.json} as written. */
  private void assertEveryStageOfEveryPolicy(ExperimentResults results) throws Exception {
    JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
    Set<String> written = new HashSet<>();
    json.get("runs").forEach(r -> written.add(r.get("variant").asText() + "/" + r.get("stage").asText()));
    assertEquals(POLICIES.size() * HotspotStage.all().size(), results.runs().size());
    for (String policy : POLICIES) {
      for (HotspotStage stage : HotspotStage.all()) {
        assertTrue(results.run(policy, stage.id()).isPresent(), policy + " in " + stage.id());
        assertTrue(written.contains(policy + "/" + stage.id()), policy + " in " + stage.id() + " of results.json");
      }
    }
  }
}
