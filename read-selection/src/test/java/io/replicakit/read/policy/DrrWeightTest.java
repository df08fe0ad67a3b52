/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.metrics.registry.NodeStatus;
import io.replicakit.read.config.ReadSelectionConfig;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/**
 * DRR's weight (read paper §3.2; the paper's DRR, turns by class, unless a test says by volume) with the documented
 * defaults: derived weight 300 / 60 = 5, thresholds SSD 80 %
 * and DISK 50 %, step 1, weight 1..20, one adjustment per 3 s at most. Samples come through a real registry on a
 * fake clock; every DataNode has one SSD and one DISK volume, as in the paper's cluster.
 */
class DrrWeightTest {

  private static final List<String> NODES = List.of("dn-a", "dn-b", "dn-c");
  private static final long INTERVAL_MS = 3_000;

  private final Fixtures.Cluster cluster = new Fixtures.Cluster();
  /** The paper's DRR (turns by class) and its rule, fast storage first; by-volume tests replace it. */
  private ReadPolicy policy = drr(DrrBalance.CLASS);
  private final RandomGenerator random = new SplittableRandom(5);

  private ReadPolicy drr(DrrBalance balance) {
    return ReadPolicies.create(Fixtures.settings(DynamicRoundRobinPolicy.NAME,
        ReadSelectionConfig.DRR_BALANCE_KEY, balance.name()), cluster.env());
  }

  /** Orders a One_SSD block in the reader's rack (which asks for the weight) and returns the weight used. */
  private double weightNow() {
    policy.order(Fixtures.oneSsd(RACK, RACK, RACK), random);
    return policy.weight();
  }

  /** Every DataNode reports its SSD and DISK volume at these utilizations. */
  private void report(double ssdPct, double diskPct) {
    for (String node : NODES) {
      cluster.report(node, Fixtures.healthyHost(), Fixtures.utilization(node + "-ssd", "SSD", ssdPct),
          Fixtures.utilization(node + "-disk", "DISK", diskPct));
    }
  }

  /** One DRR interval later, with new samples. */
  private double nextInterval(double ssdPct, double diskPct) {
    cluster.advance(INTERVAL_MS);
    report(ssdPct, diskPct);
    return weightNow();
  }

  /** 'F' for each of the next One_SSD blocks in the reader's rack whose first replica is on SSD, 'S' for DISK. */
  private String firstClasses(int blocks) {
    StringBuilder pattern = new StringBuilder(blocks);
    for (int i = 0; i < blocks; i++) {
      pattern.append(policy.order(Fixtures.oneSsd(RACK, RACK, RACK), random).get(0).storageType().equals("SSD")
          ? 'F' : 'S');
    }
    return pattern.toString();
  }

  /**
   * A step of the weight changes the turns within a cycle, however long DRR ran at the weight before. Until session
   * 52 the turns' count held every read since start-up and applied the new weight to all of them: after 6,000
   * blocks at weight 5, the step to 6 gave 1,006 SSD turns in a row, and a step back down as many DISK turns.
   */
  /**
   * A decommissioning node's disks are busy as HDFS's re-replication source, but HDFS reads its replicas only when no
   * other is left: averaged in, its DISK at 100 % lifted the in-service DISKs' 40 % over the 50 % threshold, so the
   * weight stayed where it was while the DISKs that serve reads had room (until session 54).
   */
  @Test
  void aBusyNodeOutOfService_isLeftOutOfTheAverage() {
    cluster.statuses.put("dn-d", NodeStatus.OUT_OF_SERVICE);
    cluster.advance(INTERVAL_MS);
    cluster.report("dn-d", Fixtures.healthyHost(), Fixtures.utilization("dn-d-ssd", "SSD", 90),
        Fixtures.utilization("dn-d-disk", "DISK", 100));
    assertEquals(4.0, nextInterval(90, 40), "the SSDs busy, the DISKs reads go to with room: one step down");
  }

  @Test
  void aStep_afterALongRunAtOneWeight_changesTheTurnsWithinACycle() {
    assertEquals("FFFFFS".repeat(1_000), firstClasses(6_000));

    assertEquals(6.0, nextInterval(40, 90), "the SSDs have room"); // its block: the first SSD turn at 6
    assertEquals("FFFFFS" + "FFFFFFS".repeat(3), firstClasses(27));
    assertEquals(5.0, nextInterval(90, 40), "the DISKs have room"); // its block: the first SSD turn at 5
    assertEquals("FFFFS" + "FFFFFS".repeat(3), firstClasses(23));
  }

  /**
   * Forced DISK reads (blocks whose SSD is in another rack, inter-rack bandwidth 0) made up for at weight 5 are
   * settled: a step to 6 owes nothing for them. Until session 52 the forced reads and the turns that made up for
   * them stayed on the count, and after 1,000 of them the step to 6 owed 1,000 more SSD turns.
   */
  @Test
  void forcedReadsMadeUpFor_oweNothingAfterAStep() {
    for (int i = 0; i < 1_000; i++) {
      policy.order(Fixtures.oneSsd(OFF_RACK, RACK, RACK), random);
    }
    assertEquals("F".repeat(5_000), firstClasses(5_000), "1,000 forced DISK reads made up for");

    assertEquals(6.0, nextInterval(40, 90), "the SSDs have room"); // its block: the first SSD turn at 6
    assertEquals("FFFFFS" + "FFFFFFS", firstClasses(13));
  }

  @Test
  void samplesOfAnIdleCluster_leaveTheWeightWhereItWas() {
    assertEquals(6.0, nextInterval(40, 90), "busy: the SSDs have room");
    for (int i = 0; i < 5; i++) {
      assertEquals(6.0, nextInterval(0.5, 9.9), "every type under 10 %: no evidence for either side");
    }
    assertEquals(7.0, nextInterval(10, 0), "one type at 10 %: the thresholds decide again");
  }

  @Test
  void withoutMetrics_theWeightStaysWrrsDerivedWeight() {
    for (int i = 0; i < 10; i++) {
      assertEquals(5.0, weightNow());
      cluster.advance(INTERVAL_MS);
    }
  }

  @Test
  void ssdBelowItsThreshold_andDiskAtOrAboveItsOwn_raiseTheWeightByOneStepPerInterval_upToTheMax() {
    assertEquals(5.0, weightNow());
    for (int i = 1; i <= 20; i++) {
      assertEquals(Math.min(20, 5 + i), nextInterval(79.9, 50), "interval " + i);
    }
  }

  @Test
  void diskBelowItsThreshold_andSsdAtOrAboveItsOwn_lowerTheWeightByOneStepPerInterval_downToTheMin() {
    assertEquals(5.0, weightNow());
    for (int i = 1; i <= 8; i++) {
      assertEquals(Math.max(1, 5 - i), nextInterval(80, 49.9), "interval " + i);
    }
  }

  /**
   * The first adjustment happens at the first ordering. Underused DISK must lower the weight from 5 to 4 there as
   * at any later adjustment.
   */
  /**
   * Both types below their thresholds: the fast devices have room, so reads go to them first (the slow type
   * takes only what the fast ones cannot serve). The paper leaves this case open; moving both ways cancelled out.
   */
  @Test
  void bothBelowTheirThresholds_theFastTypeComesFirst_andTheWeightRises() {
    assertEquals(5.0, weightNow());
    for (int i = 1; i <= 3; i++) {
      assertEquals(5 + i, nextInterval(40, 20), "interval " + i);
    }
    // Once the SSDs are busy the DISKs' spare room lowers it again.
    assertEquals(7.0, nextInterval(85, 20));
  }

  /**
   * By volume, a job ramping up (both types with room) leaves the weight alone: earliest finish already puts a
   * block on fast storage while its backlog has room, and the weight is its model of the fast volumes' speed.
   */
  @Test
  void byVolume_bothBelowTheirThresholds_keepTheWeight() {
    policy = drr(DrrBalance.VOLUME);
    assertEquals(5.0, weightNow());
    for (int i = 1; i <= 3; i++) {
      assertEquals(5.0, nextInterval(40, 20), "interval " + i);
    }
    assertEquals(5.0, nextInterval(85, 60), "both busy");
  }

  @Test
  void byVolume_movesTheWeightTowardTheTypeWithRoom_whenOnlyOneHasRoom_twoAdjustmentsInARow() {
    policy = drr(DrrBalance.VOLUME);
    assertEquals(5.0, weightNow());
    assertEquals(5.0, nextInterval(40, 90), "only the SSDs have room: asked once");
    assertEquals(6.0, nextInterval(79.9, 50), "asked again");
    assertEquals(7.0, nextInterval(60, 70), "and again");
    assertEquals(7.0, nextInterval(95, 20), "only the DISKs have room: asked once");
    assertEquals(6.0, nextInterval(80, 49.9));
    assertEquals(5.0, nextInterval(80, 0));
  }

  /**
   * A job's last second: its last reads on the SSDs, the DISKs done. One adjustment there asks for a lower weight;
   * the pause after the job (idle samples), a busy cluster, or the other direction each leave it asked for once.
   */
  @Test
  void byVolume_aStepAskedForOnce_movesNothing() {
    policy = drr(DrrBalance.VOLUME);
    assertEquals(5.0, weightNow());
    assertEquals(5.0, nextInterval(95, 20), "the tail");
    assertEquals(5.0, nextInterval(0.5, 1), "the pause");
    assertEquals(5.0, nextInterval(95, 20), "the next job's tail");
    assertEquals(5.0, nextInterval(90, 60), "both busy");
    assertEquals(5.0, nextInterval(95, 20));
    assertEquals(5.0, nextInterval(40, 90), "the other way");
    cluster.advance(INTERVAL_MS);
    assertEquals(5.0, weightNow(), "no newer samples: no adjustment, nothing asked");
    assertEquals(6.0, nextInterval(40, 90), "asked twice in a row on newer samples");
  }

  @Test
  void bothAtOrAboveTheirThresholds_keepTheWeight() {
    assertEquals(5.0, weightNow());
    for (int i = 1; i <= 3; i++) {
      assertEquals(5.0, nextInterval(80, 50), "interval " + i);
    }
  }

  @Test
  void underusedDisk_lowersTheWeight_alreadyAtTheFirstAdjustment() {
    report(95, 20);

    assertEquals(4.0, weightNow());
  }

  @Test
  void underusedSsd_raisesTheWeight_alreadyAtTheFirstAdjustment() {
    report(20, 95);

    assertEquals(6.0, weightNow());
  }

  @Test
  void theAverageOverAllVolumesOfAType_isComparedWithItsThreshold() {
    assertEquals(5.0, weightNow());
    cluster.advance(INTERVAL_MS);
    for (int i = 0; i < NODES.size(); i++) {
      double ssd = new double[] {60, 100, 80}[i]; // average exactly 80: not below
      cluster.report(NODES.get(i), Fixtures.healthyHost(), Fixtures.utilization(i + "-ssd", "SSD", ssd),
          Fixtures.utilization(i + "-disk", "DISK", 90));
    }
    assertEquals(5.0, weightNow());

    cluster.advance(INTERVAL_MS);
    for (int i = 0; i < NODES.size(); i++) {
      double ssd = new double[] {60, 100, 79}[i]; // average 79.7: below
      cluster.report(NODES.get(i), Fixtures.healthyHost(), Fixtures.utilization(i + "-ssd", "SSD", ssd),
          Fixtures.utilization(i + "-disk", "DISK", 90));
    }
    assertEquals(6.0, weightNow());
  }

  @Test
  void theSameSamples_areNotUsedForASecondAdjustment() {
    assertEquals(5.0, weightNow());
    assertEquals(6.0, nextInterval(40, 90));

    for (int i = 0; i < 2; i++) {
      cluster.advance(INTERVAL_MS); // the samples are 3 s, then 6 s old: still fresh, but already used
      assertEquals(6.0, weightNow());
    }
  }

  @Test
  void adjustments_areAtMostOnePerInterval_evenWithNewerSamples() {
    assertEquals(5.0, weightNow());
    assertEquals(6.0, nextInterval(40, 90));

    cluster.advance(1_000);
    report(40, 90);
    assertEquals(6.0, weightNow(), "1 s after the last adjustment");
    cluster.advance(1_999);
    report(40, 90);
    assertEquals(6.0, weightNow(), "2.999 s after");
    for (int i = 0; i < 5; i++) {
      assertEquals(6.0, weightNow(), "more blocks in the same millisecond");
    }

    cluster.advance(1);
    assertEquals(7.0, weightNow(), "3 s after: one step, not one per sample");
  }

  @Test
  void staleSamples_areIgnored() {
    report(20, 95);
    cluster.advance(3 * Fixtures.SAMPLE_INTERVAL_MS + 1);

    assertEquals(5.0, weightNow());
    cluster.advance(INTERVAL_MS);
    assertEquals(5.0, weightNow());
  }

  @Test
  void afterBeingHeldAtTheMax_aReversalLowersTheWeightAtTheVeryNextAdjustment() {
    assertEquals(5.0, weightNow());
    for (int i = 0; i < 40; i++) {
      nextInterval(10, 90);
    }
    assertEquals(20.0, policy.weight());

    assertEquals(19.0, nextInterval(95, 10), "no wind-up to unwind first");
    assertEquals(18.0, nextInterval(95, 10));
  }

  @Test
  void afterBeingHeldAtTheMin_aReversalRaisesTheWeightAtTheVeryNextAdjustment() {
    assertEquals(5.0, weightNow());
    for (int i = 0; i < 40; i++) {
      nextInterval(95, 10);
    }
    assertEquals(1.0, policy.weight());

    assertEquals(2.0, nextInterval(10, 90), "no wind-up to unwind first");
  }
}
