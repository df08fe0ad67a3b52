/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.placement.analysis.BlockReplicas;
import io.replicakit.placement.analysis.PlacementPolicies;
import io.replicakit.placement.analysis.PlacementSnapshot;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PolicyTrialTest {

  private static BlockReplicas block(long id, long size, String... nodes) {
    return new BlockReplicas("/f", id, size, (short) 3, List.of(nodes));
  }

  @Test
  void bytesMoved_countsReplicasThatAppearedOnNewNodes() {
    PlacementSnapshot before = new PlacementSnapshot(List.of(),
        List.of(block(1, 100, "a", "b", "c"), block(2, 50, "a", "b", "d")));
    PlacementSnapshot after = new PlacementSnapshot(List.of(),
        List.of(block(1, 100, "e", "b", "c"), block(2, 50, "f", "g", "d")));
    assertEquals(100 + 2 * 50, PolicyTrial.bytesMoved(before, after));
  }

  @Test
  void bytesMoved_isZeroWhenNothingChanged() {
    PlacementSnapshot s = new PlacementSnapshot(List.of(), List.of(block(1, 100, "a", "b", "c")));
    assertEquals(0, PolicyTrial.bytesMoved(s, s));
  }

  @Test
  void paperValues_followThePapersColumns() {
    assertEquals(100.0, PaperValues.value("load", "blocks_in_unique_racks_pct", "rackfaulttolerant").orElseThrow());
    assertEquals(54.0, PaperValues.value("balancing", "balancing_iterations", "upgradedomain").orElseThrow());
    assertEquals(true, PaperValues.value("load", "write_time_s", "availablespace-rackfaulttolerant").isEmpty());
  }

  @Test
  void profiles_areFoundByName() {
    assertEquals(PlacementProfile.PAPER, PlacementProfile.named("paper"));
    assertEquals(20 * 15L << 20, PlacementProfile.PAPER.dataBytes());
  }

  @Test
  void quickProfile_onProcesses_readsFilesThatOutlastContainerStartup() {
    PlacementProfile processes = PlacementProfile.QUICK.forMode(ClusterMode.PROCESSES);
    assertEquals(48L << 20, processes.fileBytes());
    assertEquals(PlacementProfile.QUICK.files(), processes.files());
    assertEquals("quick", processes.name());
    assertEquals(PlacementProfile.QUICK, PlacementProfile.QUICK.forMode(ClusterMode.EMBEDDED));
    assertEquals(PlacementProfile.PAPER, PlacementProfile.PAPER.forMode(ClusterMode.PROCESSES));
  }

  @Test
  void quickProfile_onProcesses_keepsThePapersCrossRackBandwidthPerReader() {
    ClusterSpec paper = ClusterSpecs.load("paper");
    PlacementProfile processes = PlacementProfile.QUICK.forMode(ClusterMode.PROCESSES);
    assertEquals(8.0 / 20, processes.rackUplinkScale(), 1e-12);
    ClusterSpec narrowed = processes.networkFor(paper);
    for (int rack = 0; rack < paper.racks().size(); rack++) {
      assertEquals(paper.network().rackUplink(rack).bytesPerSec() * 0.4,
          narrowed.network().rackUplink(rack).bytesPerSec(), 1e-6);
    }
    assertEquals(paper.network().nodeLinks(), narrowed.network().nodeLinks());
    assertEquals(paper, PlacementProfile.PAPER.forMode(ClusterMode.PROCESSES).networkFor(paper));
    assertEquals(paper, PlacementProfile.QUICK.networkFor(paper));
  }

  @Test
  void balancerSettings_useTheProfilesBlockSize_soItsLockFileReservesOneScaledBlock() {
    for (PlacementProfile profile : PlacementProfile.ALL) {
      Map<String, String> settings =
          PolicyTrial.balancerSettings(PlacementPolicies.resolve("default"), profile);
      assertEquals(Long.toString(profile.blockBytes()), settings.get("dfs.blocksize"));
      assertEquals("1", settings.get("dfs.balancer.getBlocks.min-block-size"));
    }
  }
}
