/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.read.config.ReadSelectionConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The combined policy. By volume (the default): the node state leaves out the replicas on nodes clearly loaded from
 * elsewhere, and DRR's calendar chooses among the rest. Taking turns by class ({@code drr.balance=class}): DRR
 * decides the storage class, the hotspot score (plus a 2.5-point bonus for the class whose turn it is) the replica.
 * With the defaults: derived weight 5, inter-rack bandwidth 0 unless a test sets it; the clock stands still unless a
 * test moves it, so no calendar drains.
 */
class CombinedPolicyTest {

  private final Fixtures.Cluster cluster = new Fixtures.Cluster();

  /** {@code combined} taking turns by class, with the given settings. */
  private ReadPolicy combined(String... keyValues) {
    return policy(CombinedPolicy.NAME, withByClass(keyValues));
  }

  /** The policy with the given settings (by volume unless they say otherwise), on this test's cluster. */
  private ReadPolicy policy(String name, String... keyValues) {
    return ReadPolicies.create(Fixtures.settings(name, keyValues), cluster.env());
  }

  private static String[] withByClass(String... keyValues) {
    String[] all = Arrays.copyOf(keyValues, keyValues.length + 2);
    all[keyValues.length] = ReadSelectionConfig.DRR_BALANCE_KEY;
    all[keyValues.length + 1] = "class";
    return all;
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

  // By volume (the default).

  /** Without fresh metrics nothing is left out, and the calendar decides every block exactly as DRR's does. */
  @Test
  void byVolume_withoutMetrics_ordersExactlyAsDrrByVolume_listingsIncluded() {
    ReadPolicy combined = policy(CombinedPolicy.NAME);
    ReadPolicy drr = ReadPolicies.create(Fixtures.settings(DynamicRoundRobinPolicy.NAME), cluster.env());
    RandomGenerator blocks = new SplittableRandom(7);
    RandomGenerator forCombined = new SplittableRandom(8);
    RandomGenerator forDrr = new SplittableRandom(8);
    Listing combinedListing = new Listing();
    Listing drrListing = new Listing();

    for (int i = 0; i < 3_000; i++) {
      if (i % 10 == 0) {
        combinedListing.restart();
        drrListing.restart();
        cluster.advance(50);
      }
      List<Replica> block = i % 2 == 0 ? Fixtures.oneSsd(RACK, RACK, RACK) : Fixtures.randomBlock(blocks);
      assertEquals(drr.decide(block, forDrr, drrListing).read(),
          combined.decide(block, forCombined, combinedListing).read(), "block " + i + ": " + block);
    }
    assertEquals(drr.weight(), combined.weight());
  }

  /**
   * The hotspot paper's purpose (§III), by DRR's calendar: a DataNode stressed from elsewhere is never read first
   * while a replica on a quiet one exists, and the quiet ones take turns by when each would be free (with the clock
   * standing still, one after the other: never two blocks apart), where a draw would leave them apart by chance.
   */
  @Test
  void byVolume_aStressedNode_isNeverFirst_andTheQuietOnesShareTheBlocksEvenly() {
    List<Replica> block = List.of(Fixtures.replica(0, OFF_RACK, "DISK"), Fixtures.replica(1, OFF_RACK, "DISK"),
        Fixtures.replica(2, OFF_RACK, "DISK"));
    healthy(block);
    stressed(block.get(1));
    ReadPolicy policy = policy(CombinedPolicy.NAME);
    RandomGenerator random = new SplittableRandom(12);
    int[] first = new int[3];

    for (int i = 0; i < 1_001; i++) {
      List<Replica> order = policy.order(block, random);
      first[order.get(0).position()]++;
      assertEquals(1, order.get(2).position(), "block " + i + ": the stressed node is the last fallback");
      assertTrue(Math.abs(first[0] - first[2]) <= 1, "block " + i + ": " + Arrays.toString(first));
    }
    assertEquals(0, first[1]);
  }

  /**
   * With its only SSD replica's node stressed, the block goes to a DISK (the two taking turns); once the node is
   * quiet again, the SSD, whose calendar is empty, takes the next blocks until it would finish later than a DISK.
   */
  @Test
  void byVolume_whenTheOnlySsdReplicasNodeIsStressed_theDisksTakeTheBlocks_untilItIsQuietAgain() {
    List<Replica> block = Fixtures.oneSsd(RACK, RACK, RACK);
    healthy(block);
    ReadPolicy policy = policy(CombinedPolicy.NAME);
    RandomGenerator random = new SplittableRandom(10);
    stressed(block.get(0));

    assertEquals("S".repeat(10), firstClasses(policy, block, 10, random));

    cluster.advance(Scorer.CONFIRM_MS); // the next sample arrives later, as samples do
    healthy(block.get(0));
    String pattern = firstClasses(policy, block, 44, random);
    // Each DISK has 5 blocks booked and an SSD read takes a fifth of a DISK read: the SSD would finish 29 blocks
    // before a DISK finishes its sixth (the 30th is a tie), then the three take 5, 1 and 1 of every 7 blocks.
    assertEquals("F".repeat(29), pattern.substring(0, 29), pattern);
    long disk = pattern.chars().filter(c -> c == 'S').count();
    assertTrue(disk >= 3 && disk <= 5, pattern);
  }

  /**
   * A reader on a stressed DataNode: HDFS's rules let only its local replica be read first, and the node state
   * leaves it out, so the rules choose again among the others (the hotspot paper's score weighs stress above
   * distance, §III): a replica in its rack first, the local one last.
   */
  @Test
  void byVolume_aReaderOnAStressedNode_readsAQuietReplicaOfItsRack_andItsOwnLast() {
    List<Replica> block = List.of(Fixtures.replica(0, LOCAL, "DISK"), Fixtures.replica(1, RACK, "DISK"),
        Fixtures.replica(2, OFF_RACK, "DISK"));
    healthy(block);
    stressed(block.get(0));
    ReadPolicy policy = policy(CombinedPolicy.NAME);
    RandomGenerator random = new SplittableRandom(15);

    for (int i = 0; i < 100; i++) {
      assertEquals(List.of(1, 2, 0), Fixtures.positions(policy.order(block, random)), "block " + i);
    }
  }

  /** Among quiet nodes the node state leaves nothing out: the blocks go to the volumes as DRR by volume sends them. */
  @Test
  void byVolume_amongQuietNodes_splitsTheBlocksAsDrrByVolume() {
    RandomGenerator blocks = new SplittableRandom(13);
    List<List<Replica>> sample = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      List<Replica> block = i % 4 == 0 ? Fixtures.oneSsd(RACK, OFF_RACK, RACK) : Fixtures.randomBlock(blocks);
      healthy(block);
      sample.add(block);
    }
    ReadPolicy combined = policy(CombinedPolicy.NAME, ReadSelectionConfig.INTER_RACK_KEY, "1250");
    ReadPolicy drr = policy(DynamicRoundRobinPolicy.NAME, ReadSelectionConfig.INTER_RACK_KEY, "1250");
    Map<String, Integer> combinedFirsts = new TreeMap<>();
    Map<String, Integer> drrFirsts = new TreeMap<>();
    RandomGenerator random = new SplittableRandom(14);

    for (int i = 0; i < 4_000; i++) {
      List<Replica> block = sample.get(i % sample.size());
      combinedFirsts.merge(combined.order(block, random).get(0).storageId(), 1, Integer::sum);
      drrFirsts.merge(drr.order(block, random).get(0).storageId(), 1, Integer::sum);
    }
    assertEquals(drrFirsts.keySet(), combinedFirsts.keySet());
    for (String volume : drrFirsts.keySet()) {
      assertTrue(Math.abs(drrFirsts.get(volume) - combinedFirsts.get(volume)) <= 2,
          volume + ": drr " + drrFirsts + ", combined " + combinedFirsts);
    }
  }
}
