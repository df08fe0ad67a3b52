/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class MovePlannerTest {

  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;

  private final MovePlanner planner = new MovePlanner(100);

  /**
   * The placement paper's layout in small (its §4: ten nodes in four racks, two of them large), written while
   * only six nodes were up: the other four join empty.
   */
  private static SimCluster paperLikeCluster(int replication, SplittableRandom random) {
    SimCluster c = new SimCluster(MIB)
        .node("dn01", "r1", GIB).node("dn02", "r1", GIB).node("dn03", "r1", GIB)
        .node("dn04", "r2", GIB).node("dn05", "r2", GIB).node("dn06", "r2", GIB)
        .node("dn07", "r3", 2 * GIB).node("dn08", "r3", GIB)
        .node("dn09", "r4", 2 * GIB).node("dn10", "r4", GIB);
    return c.randomBlocks(1200, replication, List.of("dn01", "dn02", "dn03", "dn04", "dn05", "dn07"), random);
  }

  /** Runs iterations as the balancer does until nothing is left to move; returns the iterations taken. */
  private int balance(SimCluster c, double thresholdPct, SplittableRandom random) {
    Map<Long, Integer> racksBefore = c.racksPerBlock();
    for (int iteration = 0; iteration < 100; iteration++) {
      Classification classification = Classification.of(c.units(), thresholdPct, 95, 10 * GIB);
      if (classification.bytesLeftToMove() == 0) {
        return iteration;
      }
      List<Move> moves = planner.plan(classification, c.blocksBySource(), random);
      assertFalse(moves.isEmpty(), "iteration " + iteration + ": no move although unbalanced");
      moves.forEach(c::apply);
      c.racksPerBlock().forEach((id, racks) -> assertTrue(racks >= racksBefore.get(id),
          "block " + id + " lost a rack: " + racksBefore.get(id) + " -> " + racks));
      racksBefore.putAll(c.racksPerBlock());
    }
    throw new AssertionError("not balanced after 100 iterations");
  }

  @ParameterizedTest(name = "threshold {0} %")
  @ValueSource(doubles = {10, 5, 2})
  void syntheticClusters_reachTheThreshold_withoutLoweringAnyBlocksRacks(double threshold) {
    for (long seed = 0; seed < 5; seed++) {
      SplittableRandom random = new SplittableRandom(seed);
      SimCluster c = paperLikeCluster(3, random);
      int iterations = balance(c, threshold, random);
      double mean = c.units().stream().mapToLong(StorageUnit::used).sum() * 100.0
          / c.units().stream().mapToLong(StorageUnit::capacity).sum();
      for (StorageUnit u : c.units()) {
        assertTrue(Math.abs(u.utilizationPct() - mean) <= threshold,
            "seed " + seed + ", " + u.node() + " at " + u.utilizationPct() + " %, mean " + mean);
      }
      assertTrue(iterations >= 1);
    }
  }

  @Test
  void twoRackBlocks_fillTheNewRack_raisingTheirRacks_whileTheLoneReplicasSourceGetsItsTurns() {
    // Every block in r1 (two replicas) and r2 (one); the empty nodes are c1 in a new rack and a3 in r1.
    SimCluster c = new SimCluster(MIB).node("a1", "r1", GIB).node("a2", "r1", GIB).node("b1", "r2", GIB)
        .node("c1", "r3", GIB).node("a3", "r1", GIB);
    for (long id = 1; id <= 100; id++) {
      c.block(id, "a1", "a2", "b1");
    }
    Classification classification = Classification.of(c.units(), 2, 95, 10 * GIB);
    long c1Budget = classification.units().stream().filter(e -> e.unit().node().equals("c1")).findFirst()
        .orElseThrow().budget();
    List<Move> moves = planner.plan(classification, c.blocksBySource(), new SplittableRandom(1));
    long intoC1 = moves.stream().filter(m -> m.target().node().equals("c1")).count();
    assertTrue(intoC1 * MIB >= c1Budget, "the new rack takes its whole budget: " + intoC1 + " blocks");
    long filled = 0;
    for (Move m : moves) {
      if (m.source().rack().equals("r1")) {
        if (filled < c1Budget) {
          assertEquals("c1", m.target().node(), "a replica leaving the rack with two goes to the new rack");
          assertEquals(RackDiversity.RAISES, m.effect());
        } else {
          assertEquals("a3", m.target().node(), "once the new rack is full, within its own rack");
        }
      }
      filled += m.target().node().equals("c1") ? MIB : 0;
      assertNotEquals(RackDiversity.LOWERS, m.effect());
    }
    // b1, the lone replica of r2, gets its turns too: it can only keep the racks.
    assertTrue(moves.stream().anyMatch(m -> m.source().node().equals("b1") && m.effect() == RackDiversity.KEEPS));
  }

  @Test
  void rackFaultTolerantBlocks_keepOneReplicaPerRack() {
    SplittableRandom random = new SplittableRandom(4);
    SimCluster c = new SimCluster(MIB).node("a1", "r1", GIB).node("a2", "r1", GIB).node("b1", "r2", GIB)
        .node("b2", "r2", GIB).node("c1", "r3", GIB).node("c2", "r3", GIB);
    for (long id = 1; id <= 200; id++) {
      c.block(id, "a1", "b1", "c1");
    }
    balance(c, 5, random);
    c.racksPerBlock().forEach((id, racks) -> assertEquals(3, racks, "block " + id));
  }

  /**
   * One replica per rack and only one rack a block lacks: d1's blocks can only go to r3, whose one node is above
   * the mean. HDFS's pairing finds nothing; as a last resort the block goes there while c1 stays within the band.
   */
  @Test
  void rackConstrainedSource_sendsToAnAboveAverageUnitWithRoom_asALastResort() {
    SimCluster c = new SimCluster(MIB).node("a1", "r1", 1000 * MIB).node("b1", "r2", 1000 * MIB)
        .node("c1", "r3", 100 * MIB).node("d1", "r4", 100 * MIB);
    for (long id = 1; id <= 30; id++) {
      c.block(id, "d1", "a1", "b1");
    }
    for (long id = 31; id <= 50; id++) {
      c.block(id, "c1", "a1", "b1");
    }
    // Mean 150 / 2200 = 6.8 %: d1 at 30 % is over (threshold 20), c1 at 20 % above average with 6.8 MiB of band.
    Classification classification = Classification.of(c.units(), 20, 95, 10 * GIB);
    assertTrue(classification.hasPairs());
    List<Move> moves = planner.plan(classification, c.blocksBySource(), new SplittableRandom(3));
    assertFalse(moves.isEmpty(), "no move although d1 is over and c1 has room");
    for (Move m : moves) {
      assertEquals("d1", m.source().node());
      assertEquals("c1", m.target().node());
      assertEquals(RackDiversity.KEEPS, m.effect());
    }
    moves.forEach(c::apply);
    double mean = 150.0 / 2200 * 100;
    StorageUnit c1 = c.units().stream().filter(u -> u.node().equals("c1")).findFirst().orElseThrow();
    assertTrue(c1.utilizationPct() - mean <= 20, "c1 left the band: " + c1.utilizationPct());
    assertEquals(6, moves.size(), "as many whole blocks as fit in c1's band");
  }

  @Test
  void busyNodes_areNeitherSourcesNorTargets() {
    SimCluster c = new SimCluster(MIB).node("a1", "r1", GIB).node("b1", "r2", GIB).node("c1", "r3", GIB)
        .node("c2", "r3", GIB).node("d1", "r4", GIB).busy("c2", 97).busy("a1", 99);
    for (long id = 1; id <= 100; id++) {
      c.block(id, "a1", "b1", "c1");
    }
    Classification classification = Classification.of(c.units(), 2, 95, 10 * GIB);
    List<Move> moves = planner.plan(classification, c.blocksBySource(), new SplittableRandom(2));
    assertFalse(moves.isEmpty());
    for (Move m : moves) {
      assertNotEquals("a1", m.source().node());
      assertNotEquals("c2", m.target().node());
    }
  }

  @Test
  void busyMax100_turnsTheCheckOff_evenForASaturatedDisk() {
    List<StorageUnit> units = List.of(
        new StorageUnit("a1", "r1", "DISK", 1000, 700, 300, 100.0),
        new StorageUnit("b1", "r2", "DISK", 1000, 100, 900, 100.0));
    assertEquals(List.of(Role.OVER, Role.UNDER), Classification.of(units, 10, 100, 1_000_000).units().stream()
        .map(Classification.Entry::role).toList());
    assertEquals(List.of(Role.BUSY, Role.BUSY), Classification.of(units, 10, 99.9, 1_000_000).units().stream()
        .map(Classification.Entry::role).toList(), "busier than 99.9 %");
  }

  @Test
  void classification_followsHdfsBalancerBudgets() {
    // Mean 38.75 %: a1 at 70 % is over (threshold 10), b1 at 35 % below average, c1 at 25 % under.
    List<StorageUnit> units = List.of(
        new StorageUnit("a1", "r1", "DISK", 1000, 700, 300, Double.NaN),
        new StorageUnit("b1", "r2", "DISK", 1000, 350, 650, Double.NaN),
        new StorageUnit("c1", "r3", "DISK", 2000, 500, 1500, Double.NaN));
    Classification c = Classification.of(units, 10, 95, 1_000_000);
    assertEquals(List.of(Role.OVER, Role.BELOW, Role.UNDER), c.units().stream().map(Classification.Entry::role)
        .toList());
    // Budgets: the distance to the mean, 31.25 % of 1000, 3.75 % of 1000, 13.75 % of 2000.
    assertEquals(List.of(312L, 37L, 275L), c.units().stream().map(Classification.Entry::budget).toList());
    // Over: (31.25 - 10) % of 1000 = 212; under: (13.75 - 10) % of 2000 = 75.
    assertEquals(212, c.bytesLeftToMove());
  }

  @Test
  void aboveAverageSources_withOnlyBelowAverageTargets_doNotPair() {
    // HDFS pairs an above-average source only with under-utilized targets.
    List<StorageUnit> units = List.of(new StorageUnit("a1", "r1", "DISK", 1000, 450, 550, Double.NaN),
        new StorageUnit("b1", "r2", "DISK", 1000, 350, 650, Double.NaN));
    assertFalse(Classification.of(units, 10, 95, 1_000_000).hasPairs());
    assertTrue(Classification.of(units, 2, 95, 1_000_000).hasPairs());
  }

  @Test
  void aBalancedCluster_hasNothingLeftToMove() {
    List<StorageUnit> units = List.of(new StorageUnit("a1", "r1", "DISK", 1000, 420, 580, Double.NaN),
        new StorageUnit("b1", "r2", "DISK", 1000, 380, 620, Double.NaN));
    assertEquals(0, Classification.of(units, 10, 95, 1_000_000).bytesLeftToMove());
  }
}
