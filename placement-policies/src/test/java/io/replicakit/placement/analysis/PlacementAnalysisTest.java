/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import static io.replicakit.placement.analysis.Nodes.block;
import static io.replicakit.placement.analysis.Nodes.dead;
import static io.replicakit.placement.analysis.Nodes.decommissioned;
import static io.replicakit.placement.analysis.Nodes.node;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class PlacementAnalysisTest {

  private static final double EPS = 1e-9;

  /**
   * Four nodes in four racks; a, b, d have 1000 bytes of capacity, c has 2000.
   * b1 (100 B) on a, b, c; b2 (300 B) on a, c, d; b3 (200 B) on b, c, d.
   */
  private static PlacementSnapshot fourRacks() {
    return new PlacementSnapshot(
        List.of(node("a", "/r1"), node("b", "/r2"), node("c", "/r3", 2000), node("d", "/r4")),
        List.of(block(1, 100, 3, "a", "b", "c"), block(2, 300, 3, "a", "c", "d"), block(3, 200, 3, "b", "c", "d")));
  }

  @Test
  void occupationAndUtilization_havePopulationMeanAndDeviation() {
    PlacementReport r = PlacementAnalysis.analyze(fourRacks());

    // occupation: a = 100 + 300 = 400, b = 100 + 200 = 300, c = 100 + 300 + 200 = 600, d = 300 + 200 = 500
    assertEquals(List.of(400L, 300L, 600L, 500L), r.nodes().stream().map(NodeUsage::occupationBytes).toList());
    // mean = 1800 / 4 = 450; squared deviations 2500 + 22500 + 22500 + 2500 = 50000; σ = sqrt(50000 / 4)
    assertEquals(450.0, r.occupationMeanBytes(), EPS);
    assertEquals(Math.sqrt(12500), r.occupationStdBytes(), EPS);
    // utilization: 400/1000 = 40 %, 300/1000 = 30 %, 600/2000 = 30 %, 500/1000 = 50 %
    assertEquals(List.of(40.0, 30.0, 30.0, 50.0), r.nodes().stream().map(NodeUsage::utilizationPct).toList());
    // mean = 150 / 4 = 37.5; squared deviations 6.25 + 56.25 + 56.25 + 156.25 = 275; σ = sqrt(275 / 4)
    assertEquals(37.5, r.utilizationMeanPct(), EPS);
    assertEquals(Math.sqrt(68.75), r.utilizationStdPct(), EPS);
  }

  @Test
  void nodeUsage_keepsSnapshotOrderAndCarriesNameRackAndCapacity() {
    PlacementReport r = PlacementAnalysis.analyze(fourRacks());

    assertEquals(new NodeUsage("c", "host-c", "/r3", 600, 2000, 30.0), r.nodes().get(2));
    assertEquals(List.of("a", "b", "c", "d"), r.nodes().stream().map(NodeUsage::id).toList());
  }

  @Test
  void bytesPerRack_sumsReplicaBytesSortedByRackAndTotalsReplicationTimesData() {
    PlacementReport r = PlacementAnalysis.analyze(fourRacks());

    assertEquals(List.of("/r1", "/r2", "/r3", "/r4"), List.copyOf(r.bytesPerRack().keySet()));
    assertEquals(Map.of("/r1", 400L, "/r2", 300L, "/r3", 600L, "/r4", 500L), r.bytesPerRack());
    assertEquals(3 * (100 + 300 + 200), r.bytesPerRack().values().stream().mapToLong(Long::longValue).sum());
  }

  @Test
  void bytesPerRack_groupsNodeGroupsUnderTheirTopLevelRackAndListsEmptyRacks() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r2/ng1"), node("b", "/r2/ng2"), node("c", "/r1/ng3"), node("d", "/r3/ng4")),
        List.of(block(1, 100, 3, "a", "b", "c")));

    PlacementReport r = PlacementAnalysis.analyze(s);

    assertEquals(Map.of("/r1", 100L, "/r2", 200L, "/r3", 0L), r.bytesPerRack());
    assertEquals(List.of("/r1", "/r2", "/r3"), List.copyOf(r.bytesPerRack().keySet()));
    assertEquals(Map.of(2, 1L), r.blocksByRackCount());
    assertEquals(Map.of(2, 1L), r.blocksByMaxReplicasPerRack());
  }

  @Test
  void uniqueRacks_replicationThreeOverFourRacks_countsBlocksOnThreeRacks() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a1", "/r1"), node("a2", "/r1"), node("b", "/r2"), node("c", "/r3"), node("d", "/r4")),
        List.of(block(1, 10, 3, "a1", "b", "c"),    // 3 racks
            block(2, 10, 3, "a1", "a2", "b"),       // 2 racks
            block(3, 10, 3, "b", "c", "d"),         // 3 racks
            block(4, 10, 3, "a2", "c", "a1")));     // 2 racks

    PlacementReport r = PlacementAnalysis.analyze(s);

    assertEquals(50.0, r.blocksInUniqueRacksPct(), EPS);
    assertEquals(Map.of(2, 2L, 3, 2L), r.blocksByRackCount());
    assertEquals(Map.of(1, 2L, 2, 2L), r.blocksByMaxReplicasPerRack());
  }

  @Test
  void uniqueRacks_replicationOne_needsItsOneCountedReplica() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r1"), node("b", "/r2"), dead("x", "/r3")),
        List.of(block(1, 10, 1, "a"), block(2, 10, 1, "b"), block(3, 10, 1, "x")));

    PlacementReport r = PlacementAnalysis.analyze(s);

    // 2 of 3 blocks have their replica on a counted node; the third only on a dead one
    assertEquals(200.0 / 3, r.blocksInUniqueRacksPct(), EPS);
    assertEquals(Map.of(0, 1L, 1, 2L), r.blocksByRackCount());
    assertEquals(Map.of(0, 1L, 1, 2L), r.blocksByMaxReplicasPerRack());
  }

  @Test
  void uniqueRacks_fewerRacksThanReplication_needsEveryRack() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a1", "/r1"), node("a2", "/r1"), node("a3", "/r1"), node("b1", "/r2"), node("b2", "/r2")),
        List.of(block(1, 10, 3, "a1", "a2", "b1"),  // both racks there are: unique
            block(2, 10, 3, "a1", "a2", "a3"),      // one rack
            block(3, 10, 4, "a1", "b1", "b2", "a3"))); // replication 4, both racks: unique

    PlacementReport r = PlacementAnalysis.analyze(s);

    assertEquals(200.0 / 3, r.blocksInUniqueRacksPct(), EPS);
    assertEquals(Map.of(1, 1L, 2, 2L), r.blocksByRackCount());
    assertEquals(Map.of(2, 2L, 3, 1L), r.blocksByMaxReplicasPerRack());
  }

  @Test
  void underReplicatedBlock_isNotInUniqueRacksWhenMoreRacksExist() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r1"), node("b", "/r2"), node("c", "/r3")),
        List.of(block(1, 10, 3, "a", "b")));

    assertEquals(0.0, PlacementAnalysis.analyze(s).blocksInUniqueRacksPct(), EPS);
  }

  @Test
  void noCountedNodes_leavesNoBlockInUniqueRacks() {
    PlacementSnapshot s = new PlacementSnapshot(List.of(dead("a", "/r1"), decommissioned("b", "/r2")),
        List.of(block(1, 10, 2, "a", "b")));

    PlacementReport r = PlacementAnalysis.analyze(s);

    assertEquals(0.0, r.blocksInUniqueRacksPct(), EPS);
    assertTrue(r.nodes().isEmpty());
    assertTrue(r.bytesPerRack().isEmpty());
    assertEquals(Map.of(0, 1L), r.blocksByRackCount());
  }

  @Test
  void emptyFiles_countAsFilesButAddNoBlocks() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r1"), node("b", "/r2")),
        List.of(block("/data/f", 1, 10, 2, "a", "b"), block("/data/f", 2, 5, 2, "a", "b")),
        List.of("/data/empty", "/data/f", "/data/empty2"));

    PlacementReport r = PlacementAnalysis.analyze(s);

    assertEquals(3, r.files());
    assertEquals(2, r.blocks());
    assertEquals(Map.of("/r1", 15L, "/r2", 15L), r.bytesPerRack());
  }

  @Test
  void filesNamedOnlyByBlocks_areCountedOnce() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r1")),
        List.of(block("/x", 1, 10, 1, "a"), block("/x", 2, 10, 1, "a"), block("/y", 3, 10, 1, "a")));

    assertEquals(2, PlacementAnalysis.analyze(s).files());
  }

  @Test
  void noBlocks_givesZeroPercentagesAndEmptyHistograms() {
    PlacementSnapshot s = new PlacementSnapshot(List.of(node("a", "/r1"), node("b", "/r2")), List.of(),
        List.of("/empty"));

    PlacementReport r = PlacementAnalysis.analyze(s, (block, nodes) -> false);

    assertEquals(1, r.files());
    assertEquals(0, r.blocks());
    assertEquals(0.0, r.blocksInUniqueRacksPct(), EPS);
    assertEquals(OptionalDouble.of(0.0), r.violatingPct());
    assertTrue(r.blocksByRackCount().isEmpty());
    assertEquals(Map.of("/r1", 0L, "/r2", 0L), r.bytesPerRack());
    assertEquals(0.0, r.occupationStdBytes(), EPS);
  }

  @Test
  void decommissionedNode_isExcludedFromDeviationAndRacks() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r1"), node("b", "/r2"), decommissioned("c", "/r3")),
        List.of(block(1, 100, 3, "a", "b", "c")));

    PlacementReport r = PlacementAnalysis.analyze(s);

    assertEquals(List.of("a", "b"), r.nodes().stream().map(NodeUsage::id).toList());
    assertEquals(0.0, r.occupationStdBytes(), EPS); // 100 and 100
    assertEquals(Map.of("/r1", 100L, "/r2", 100L), r.bytesPerRack());
    // two racks have counted nodes, so a block on both is in unique racks
    assertEquals(100.0, r.blocksInUniqueRacksPct(), EPS);
    assertEquals(Map.of(2, 1L), r.blocksByRackCount());
  }

  @Test
  void deadNode_isExcludedFromDeviationAndRacks() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r1"), node("b", "/r1"), dead("c", "/r2")),
        List.of(block(1, 100, 2, "a", "c"), block(2, 300, 2, "b", "c")));

    PlacementReport r = PlacementAnalysis.analyze(s);

    assertEquals(List.of(100L, 300L), r.nodes().stream().map(NodeUsage::occupationBytes).toList());
    assertEquals(200.0, r.occupationMeanBytes(), EPS);
    assertEquals(100.0, r.occupationStdBytes(), EPS); // deviations -100 and +100
    assertEquals(Map.of("/r1", 400L), r.bytesPerRack());
    // only /r1 has counted nodes: min(2, 1) = 1 rack suffices
    assertEquals(100.0, r.blocksInUniqueRacksPct(), EPS);
  }

  @Test
  void unknownNodeIds_areIgnored() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r1"), node("b", "/r2")),
        List.of(block(1, 100, 3, "a", "10.0.0.99:9866", "b")));

    List<Integer> seen = new ArrayList<>();
    PlacementReport r = PlacementAnalysis.analyze(s, (block, nodes) -> seen.add(nodes.size()));

    assertEquals(List.of(2), seen);
    assertEquals(Map.of("/r1", 100L, "/r2", 100L), r.bytesPerRack());
    assertEquals(Map.of(1, 1L), r.blocksByMaxReplicasPerRack());
  }

  @Test
  void nodeListedTwiceForOneBlock_holdsOneReplica() {
    PlacementSnapshot s = new PlacementSnapshot(List.of(node("a", "/r1")), List.of(block(1, 100, 2, "a", "a")));

    PlacementReport r = PlacementAnalysis.analyze(s);

    assertEquals(100L, r.nodes().get(0).occupationBytes());
    assertEquals(Map.of(1, 1L), r.blocksByMaxReplicasPerRack());
  }

  @Test
  void nodeWithoutCapacity_hasZeroUtilization() {
    PlacementSnapshot s = new PlacementSnapshot(List.of(node("a", "/r1", 0)), List.of(block(1, 100, 1, "a")));

    assertEquals(0.0, PlacementAnalysis.analyze(s).nodes().get(0).utilizationPct(), EPS);
  }

  @Test
  void verifier_seesCountedReplicasAndGivesTheRejectedShare() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r1"), node("b", "/r2"), node("c", "/r3"), decommissioned("x", "/r3")),
        List.of(block(1, 10, 3, "a", "b", "c"), block(2, 10, 3, "a", "b", "x"), block(3, 10, 3, "c", "b", "a"),
            block(4, 10, 3, "b", "c", "a")));
    PolicyVerifier threeReplicas = (block, nodes) -> nodes.size() >= 3;

    PlacementReport r = PlacementAnalysis.analyze(s, threeReplicas);

    assertEquals(OptionalDouble.of(25.0), r.violatingPct());
  }

  @Test
  void verifier_getsReplicaNodesInBlockOrder() {
    PlacementSnapshot s = new PlacementSnapshot(
        List.of(node("a", "/r1"), node("b", "/r2"), node("c", "/r3")), List.of(block(7, 10, 3, "c", "a", "b")));
    List<String> seen = new ArrayList<>();

    PlacementAnalysis.analyze(s, (block, nodes) -> {
      assertEquals(7, block.blockId());
      nodes.forEach(n -> seen.add(n.id()));
      return true;
    });

    assertEquals(List.of("c", "a", "b"), seen);
  }

  @Test
  void withoutVerifier_violationsAreEmpty() {
    assertFalse(PlacementAnalysis.analyze(fourRacks()).violatingPct().isPresent());
  }

  @Test
  void toText_showsNodesDeviationsRacksAndHistograms() {
    String text = PlacementAnalysis.analyze(fourRacks(), (block, nodes) -> block.blockId() != 2).toText();

    assertEquals("files: 1, blocks: 3, counted nodes: 4", text.lines().findFirst().orElseThrow());
    assertTrue(text.lines().anyMatch(l -> l.startsWith("host-c") && l.contains("/r3") && l.contains("600 B")
        && l.contains("30.00%")), text);
    assertTrue(text.contains("occupation:  mean 450 B, std dev 112 B"), text);
    assertTrue(text.contains("utilization: mean 37.50%, std dev 8.29%"), text);
    assertTrue(text.lines().anyMatch(l -> l.contains("/r4") && l.contains("500 B")), text);
    assertTrue(text.contains("blocks in unique racks: 100.00%"), text);
    assertTrue(text.contains("blocks by distinct racks: 3: 3"), text);
    assertTrue(text.contains("blocks by max replicas in one rack: 1: 3"), text);
    assertTrue(text.contains("blocks violating the placement policy: 33.33%"), text);
  }

  @Test
  void toText_saysWhenNoPolicyWasChecked() {
    assertTrue(PlacementAnalysis.analyze(fourRacks()).toText().contains("placement policy: not checked"));
  }

  @Test
  void reportMaps_areSortedByKey() {
    PlacementReport r = new PlacementReport(List.of(), 0, 0, 0, 0, Map.of("/b", 1L, "/a", 2L), 0, 0, 0,
        Map.of(3, 1L, 1, 1L, 2, 1L), Map.of(), OptionalDouble.empty());

    assertEquals(List.of("/a", "/b"), List.copyOf(r.bytesPerRack().keySet()));
    assertEquals(List.of(1, 2, 3), List.copyOf(r.blocksByRackCount().keySet()));
  }
}
