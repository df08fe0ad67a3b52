/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static io.replicakit.read.policy.Fixtures.onNode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.read.config.ReadSelectionConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * DRR's default, {@code drr.balance=volume} ({@link EarliestFinish}): the paper's split between the classes, with
 * no volume handed more than its share. Speeds are the defaults (SSD 300, DISK 60 MB/s: weight 5), blocks 128 MiB;
 * the clock stands still unless a test moves it, so nothing drains.
 */
class DrrByVolumeTest {

  private static final int NODES = 6;

  private final Fixtures.Cluster cluster = new Fixtures.Cluster();

  private ReadPolicy drr(String... keyValues) {
    return ReadPolicies.create(Fixtures.settings(DynamicRoundRobinPolicy.NAME, keyValues), cluster.env());
  }

  /** A One_SSD block on the six-node cluster: the SSD replica on one node, DISK replicas on two others. */
  private static List<Replica> oneSsdBlock(RandomGenerator random) {
    return Fixtures.oneSsdOnNodes(NODES, random);
  }

  /** How many blocks each volume was put first for. */
  private static Map<String, Integer> firstPerVolume(ReadPolicy policy, int blocks, long seed) {
    RandomGenerator random = new SplittableRandom(seed);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < blocks; i++) {
      counts.merge(policy.order(oneSsdBlock(random), random).get(0).storageId(), 1, Integer::sum);
    }
    return counts;
  }

  private static int sum(Map<String, Integer> counts, String type) {
    return counts.entrySet().stream().filter(e -> e.getKey().endsWith(type)).mapToInt(Map.Entry::getValue).sum();
  }

  private static int spread(Map<String, Integer> counts, String type) {
    List<Integer> of = counts.entrySet().stream().filter(e -> e.getKey().endsWith(type)).map(Map.Entry::getValue)
        .toList();
    return of.stream().mapToInt(i -> i).max().orElseThrow() - of.stream().mapToInt(i -> i).min().orElseThrow();
  }

  @Test
  void oneSsdBlocksOnSixNodes_splitFiveToOne_withEveryVolumeWithinAFewBlocksOfItsShare() {
    Map<String, Integer> counts = firstPerVolume(drr(), 6_000, 1);

    assertEquals(5_000, sum(counts, "SSD"), 6, counts.toString());
    assertEquals(12, counts.size(), counts.toString());
    // Equal finish times: a DISK within a block of another, an SSD within a DISK block's time (5 of its blocks).
    assertTrue(spread(counts, "DISK") <= 1, counts.toString());
    assertTrue(spread(counts, "SSD") <= 5, counts.toString());
  }

  @Test
  void takingTurnsByClass_leavesTheVolumesAsUnevenAsPlacementAndChance() {
    Map<String, Integer> counts = firstPerVolume(drr(ReadSelectionConfig.DRR_BALANCE_KEY, "class"), 6_000, 1);

    assertEquals(5_000, sum(counts, "SSD"), 1, counts.toString());
    // The contrast with the test above, and why DRR balances volumes by default: tens of blocks apart.
    assertTrue(spread(counts, "DISK") > 20, counts.toString());
    assertTrue(spread(counts, "SSD") > 20, counts.toString());
  }

  @Test
  void anSsdHoldingMoreBlocksThanItsShare_sendsTheRestToDisks() {
    // Every block's SSD replica on one node, its DISK replicas on two of ten others: the SSD reads 5 blocks in
    // the time a DISK reads one, ten DISKs read 10, so the SSD can take a third of the blocks, not five sixths.
    RandomGenerator random = new SplittableRandom(2);
    ReadPolicy policy = drr();
    int ssdFirst = 0;
    for (int i = 0; i < 3_000; i++) {
      int disk1 = 1 + random.nextInt(10);
      int disk2 = 1 + (disk1 + random.nextInt(9)) % 10;
      List<Replica> block = List.of(onNode(0, 0, "SSD"), onNode(1, disk1, "DISK"), onNode(2, disk2, "DISK"));
      ssdFirst += policy.order(block, random).get(0).storageType().equals("SSD") ? 1 : 0;
    }
    assertEquals(1_000, ssdFirst, 10);
  }

  @Test
  void whenEveryBacklogHasDrained_theSsdGoesFirst() {
    // A 128 MiB block takes 2.2 s on a 60 MB/s DISK: ten seconds apart, every volume is idle at each block, and
    // the SSD finishes first. Turns by class would send every sixth block to an idle DISK instead.
    ReadPolicy policy = drr();
    RandomGenerator random = new SplittableRandom(3);
    List<String> firstTypes = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      cluster.advance(10_000);
      firstTypes.add(policy.order(Fixtures.oneSsd(RACK, RACK, RACK), random).get(0).storageType());
    }
    assertEquals(Collections.nCopies(60, "SSD"), firstTypes);
  }

  @Test
  void anSsdTheNetworkRulesLeaveOut_isNeverFirst_andTheDisksShareItsBlocks() {
    // Inter-rack bandwidth 0 (the default): an SSD in another rack is not worth reading as fast storage (§3.1).
    ReadPolicy policy = drr();
    RandomGenerator random = new SplittableRandom(4);
    int[] first = new int[3];
    for (int i = 0; i < 1_000; i++) {
      first[policy.order(Fixtures.oneSsd(OFF_RACK, RACK, RACK), random).get(0).position()]++;
    }
    assertEquals(0, first[0]);
    assertEquals(500, first[1], 1);
  }

  @Test
  void theClosestDisk_isTheOnlySlowCandidate() {
    ReadPolicy policy = drr();
    RandomGenerator random = new SplittableRandom(5);
    int[] first = new int[3];
    for (int i = 0; i < 600; i++) {
      first[policy.order(Fixtures.oneSsd(RACK, LOCAL, RACK), random).get(0).position()]++;
    }
    assertEquals(0, first[2], "the DISK in the rack is never first while one is on the reader's node");
    assertEquals(500, first[0], 1, "one SSD against one DISK, five times as fast: five blocks in six");
  }

  @Test
  void weightOne_countsAnSsdAsFastAsADisk() {
    // DRR's weight is how much faster fast storage is taken to be: at 1 every volume gets the same share, and one
    // replica in three is an SSD's.
    Map<String, Integer> counts = firstPerVolume(drr(ReadSelectionConfig.WRR_WEIGHT_KEY, "1"), 6_000, 6);
    assertEquals(3_000, sum(counts, "SSD"), 6, counts.toString());
  }

  @Test
  void blocksWithoutAChoiceOfClass_goToTheLeastLoadedOfTheirClosestReplicas() {
    ReadPolicy policy = drr();
    RandomGenerator random = new SplittableRandom(7);
    List<Replica> diskOnly = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      diskOnly.add(onNode(i, i, "DISK"));
    }
    int[] first = new int[3];
    for (int i = 0; i < 900; i++) {
      first[policy.order(diskOnly, random).get(0).position()]++;
    }
    assertEquals(List.of(300, 300, 300), List.of(first[0], first[1], first[2]));
  }

  /** A One_SSD block: its SSD on node 0, its DISKs on nodes 1 and 2. */
  private static final List<Replica> SSD_ON_NODE_0 =
      List.of(onNode(0, 0, "SSD"), onNode(1, 1, "DISK"), onNode(2, 2, "DISK"));

  /** The first-read type of each of {@code blocks} copies of {@link #SSD_ON_NODE_0} listed in one call. */
  private static List<String> listed(ReadPolicy policy, Listing listing, int blocks) {
    RandomGenerator random = new SplittableRandom(8);
    List<String> firstTypes = new ArrayList<>();
    for (int i = 0; i < blocks; i++) {
      firstTypes.add(policy.decide(SSD_ON_NODE_0, random, listing).read().get(0).storageType());
    }
    return firstTypes;
  }

  @Test
  void aListingReadBlockAfterBlock_isReadFromItsSsd_whereBookingItAllAtOnceSendsTwoToDisks() {
    // One client reads a listing's blocks one after another (HDFS's input stream): the SSD is free each time the
    // client gets to the next block, so every block is read there. Booked all at once, the SSD looks queued by
    // the listing's own blocks after five (0.45 s each against 2.2 s on a DISK), and two go to the DISKs.
    assertEquals(Collections.nCopies(10, "SSD"), listed(drr(), new Listing(), 10));
    List<String> allAtOnce = listed(drr(ReadSelectionConfig.DRR_SEQUENTIAL.name(), "false"), new Listing(), 10);
    assertEquals(2, Collections.frequency(allAtOnce, "DISK"), allAtOnce.toString());
  }

  @Test
  void aSecondListing_seesTheFirstsReads_untilTheyAreOver() {
    // Client A's ten blocks hold SSD 0 for 4.5 s from now. Client B lists a block with the same SSD now: a DISK
    // finishes it (2.2 s) before the SSD is free. Client C lists after A's reads are over: the SSD is free.
    ReadPolicy policy = drr();
    listed(policy, new Listing(), 10);
    assertEquals(List.of("DISK"), listed(policy, new Listing(), 1));
    cluster.advance(5_000);
    assertEquals(Collections.nCopies(3, "SSD"), listed(policy, new Listing(), 3), "A's reads are over");
  }

  @Test
  void aRestartedListing_releasesItsFirstBlockNow() {
    ReadPolicy policy = drr();
    Listing listing = new Listing();
    listed(policy, listing, 10);
    listing.restart();
    // Released now, behind the ten blocks booked on the SSD: a DISK finishes first. Without the restart the block
    // would be released after the tenth and read from the SSD.
    assertEquals(List.of("DISK"), listed(policy, listing, 1));
  }
}
