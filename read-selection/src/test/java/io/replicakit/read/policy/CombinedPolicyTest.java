/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.read.config.ReadSelectionConfig;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The combined policy: DRR decides the storage class, the hotspot score (plus a 2-point bonus for the class whose
 * turn it is) the replica. With the defaults: derived weight 5, inter-rack bandwidth 0 unless a test sets it.
 */
class CombinedPolicyTest {

  private final Fixtures.Cluster cluster = new Fixtures.Cluster();

  private ReadPolicy combined(String... keyValues) {
    return ReadPolicies.create(Fixtures.settings(CombinedPolicy.NAME, keyValues), cluster.env());
  }

  /** Identical healthy state on every replica's node; no utilization, so DRR keeps weight 5. */
  private void healthy(List<Replica> block) {
    block.forEach(this::healthy);
  }

  private void healthy(Replica r) {
    cluster.report(r.datanodeUuid(), Fixtures.healthyHost(),
        Fixtures.healthyVolume(r.storageId(), r.storageType(), Double.NaN));
  }

  private void stressed(Replica r) {
    cluster.report(r.datanodeUuid(), Fixtures.stressedHost(),
        Fixtures.stressedVolume(r.storageId(), r.storageType(), Double.NaN));
  }

  /** 'F' for each block whose first replica is on SSD, 'S' for DISK. */
  private static String firstClasses(ReadPolicy policy, List<Replica> block, int blocks, RandomGenerator random) {
    StringBuilder pattern = new StringBuilder(blocks);
    for (int i = 0; i < blocks; i++) {
      pattern.append(policy.order(block, random).get(0).storageType().equals("SSD") ? 'F' : 'S');
    }
    return pattern.toString();
  }

  @Test
  void withoutMetrics_ordersExactlyAsDrrTakingTurnsByClass() {
    ReadPolicy combined = combined();
    ReadPolicy drr = ReadPolicies.create(Fixtures.settings(DynamicRoundRobinPolicy.NAME,
        ReadSelectionConfig.DRR_BALANCE_KEY, "class"), new Fixtures.Cluster().env());
    RandomGenerator blocks = new SplittableRandom(7);
    RandomGenerator forCombined = new SplittableRandom(8);
    RandomGenerator forDrr = new SplittableRandom(8);

    for (int i = 0; i < 3_000; i++) {
      List<Replica> block = i % 2 == 0 ? Fixtures.oneSsd(RACK, RACK, RACK) : Fixtures.randomBlock(blocks);
      assertEquals(drr.order(block, forDrr), combined.order(block, forCombined), "block " + i + ": " + block);
    }
    assertEquals(drr.weight(), combined.weight());
  }

  @Test
  void withHealthyFreshMetricsEverywhere_theRoundRobinClassSplitHolds() {
    List<Replica> block = Fixtures.oneSsd(RACK, RACK, RACK);
    healthy(block);

    String pattern = firstClasses(combined(), block, 6_000, new SplittableRandom(9));

    assertEquals("FFFFFS".repeat(1_000), pattern);
  }

  @Test
  void whenTheOnlySsdReplicasNodeIsStressed_aHealthyDiskGoesFirst_evenOnTheSsdsTurn() {
    List<Replica> block = Fixtures.oneSsd(RACK, RACK, RACK);
    healthy(block);
    ReadPolicy policy = combined();
    RandomGenerator random = new SplittableRandom(10);
    assertEquals("F", firstClasses(policy, block, 1, random), "healthy: the first block is SSD's");

    cluster.advance(Scorer.CONFIRM_MS); // the next sample arrives later, as samples do
    stressed(block.get(0));
    // Each DISK-first block counts as a slow read, so every one of these blocks is the SSD's turn.
    assertEquals("S".repeat(10), firstClasses(policy, block, 10, random));

    cluster.advance(Scorer.CONFIRM_MS);
    healthy(block.get(0));
    // Counted so far: 1 fast, 10 slow. SSD's turn while fast < 5 x (10 + 1).
    assertEquals("F".repeat(54) + "S", firstClasses(policy, block, 55, random));
  }

  /**
   * Among healthy nodes the class decision holds whatever the distances: the bonus (2.5 points) exceeds the
   * largest distance difference (3.5 - 2.1 = 1.4) plus what assigned blocks can take (1). Inter-rack bandwidth
   * 1250 MB/s makes an off-rack SSD eligible. Without the damper against herding the closer DISK takes every
   * DISK turn; with it (the default) the class decision still holds.
   */
  @ParameterizedTest(name = "SSD {0}, DISKs {1}/{2}")
  @CsvSource({
      "4, 0, 2, 1",
      "0, 4, 4, -1",
      "2, 0, 4, 1",
      "4, 0, 0, -1"})
  void distanceAlone_neverOverridesTheClassBonus_amongHealthyNodes(int ssd, int disk1, int disk2,
      int closestDisk) {
    List<Replica> block = Fixtures.oneSsd(ssd, disk1, disk2);
    healthy(block);
    for (String penalty : List.of("0", "0.25")) {
      ReadPolicy policy = combined(ReadSelectionConfig.INTER_RACK_KEY, "1250",
          ReadSelectionConfig.ASSIGNMENT_PENALTY_KEY, penalty, ReadSelectionConfig.MARGIN_KEY, penalty);
      RandomGenerator random = new SplittableRandom(11);
      for (int i = 0; i < 600; i++) {
        List<Replica> order = policy.order(block, random);
        if (i % 6 < 5) {
          assertEquals(0, order.get(0).position(), "penalty " + penalty + ": block " + i + " is SSD's turn");
        } else {
          assertEquals("DISK", order.get(0).storageType(), "penalty " + penalty + ": block " + i + " is DISK's turn");
          if (closestDisk >= 0 && penalty.equals("0")) {
            assertEquals(closestDisk, order.get(0).position(), "the closer DISK");
          }
        }
      }
    }
  }

  @Test
  void ineligibleSsd_getsNoBonus_andTheBlockIsOrderedByScore() {
    List<Replica> block = Fixtures.oneSsd(OFF_RACK, LOCAL, RACK);
    healthy(block);
    ReadPolicy policy = combined(ReadSelectionConfig.ASSIGNMENT_PENALTY_KEY, "0", ReadSelectionConfig.MARGIN_KEY, "0");

    for (long seed = 0; seed < 100; seed++) {
      assertEquals(List.of(1, 2, 0), Fixtures.positions(policy.order(block, new SplittableRandom(seed))));
    }
  }
}
