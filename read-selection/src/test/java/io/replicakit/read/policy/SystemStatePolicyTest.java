/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static io.replicakit.read.policy.Fixtures.positions;
import static io.replicakit.read.policy.Fixtures.replica;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.read.config.ReadSelectionConfig;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The hotspot paper's ordering (§III): highest score first, HDFS's order without metrics. */
class SystemStatePolicyTest {

  private final Fixtures.Cluster cluster = new Fixtures.Cluster();
  private final ReadSettings settings = Fixtures.settings(SystemStatePolicy.NAME);
  private final ReadPolicy policy = ReadPolicies.create(settings, cluster.env());
  /** The paper's score alone, without the damper against herding: every decision as if it were the first. */
  private final ReadPolicy paperPolicy = ReadPolicies.create(
      Fixtures.settings(SystemStatePolicy.NAME, ReadSelectionConfig.ASSIGNMENT_PENALTY_KEY, "0",
          ReadSelectionConfig.MARGIN_KEY, "0"), cluster.env());

  private void healthy(Replica r) {
    cluster.report(r.datanodeUuid(), Fixtures.healthyHost(),
        Fixtures.healthyVolume(r.storageId(), r.storageType(), 20));
  }

  /** Await 200 ms, writing 50,000 kB/s, CPU idle 10 %, memory free 5 %. */
  private void stressed(Replica r) {
    cluster.report(r.datanodeUuid(), Fixtures.stressedHost(),
        Fixtures.stressedVolume(r.storageId(), r.storageType(), 100));
  }

  @Test
  void aStressedNode_isNeverFirst_whileAnUnstressedReplicaIsAsClose() {
    List<Replica> block = List.of(replica(0, RACK, "DISK"), replica(1, RACK, "DISK"), replica(2, RACK, "DISK"));
    stressed(block.get(1));
    healthy(block.get(0));
    healthy(block.get(2));
    boolean[] first = new boolean[3];

    for (long seed = 0; seed < 1_000; seed++) {
      List<Integer> order = positions(policy.order(block, new SplittableRandom(seed)));
      assertNotEquals(1, order.get(0));
      assertEquals(1, order.get(2), "the stressed node is last");
      first[order.get(0)] = true;
    }
    assertTrue(first[0] && first[2], "the equally healthy replicas share the reads");
  }

  @Test
  void aStressedLocalNode_losesToAnUnstressedNodeInTheRack() {
    List<Replica> block = List.of(replica(0, LOCAL, "DISK"), replica(1, RACK, "DISK"), replica(2, OFF_RACK, "DISK"));
    stressed(block.get(0));
    healthy(block.get(1));
    healthy(block.get(2));

    for (long seed = 0; seed < 100; seed++) {
      assertEquals(List.of(1, 2, 0), positions(paperPolicy.order(block, new SplittableRandom(seed))));
    }
    // With the draw: the closest replica not clearly worse first, as HDFS would; the stressed one stays last.
    for (long seed = 0; seed < 100; seed++) {
      assertEquals(List.of(1, 2, 0), positions(policy.order(block, new SplittableRandom(seed))));
    }
  }

  /**
   * Between two samples every reader sees the same state. Equally healthy nodes at equal distance take turns
   * instead of one taking every block, and a node that is slightly better by its sample takes more, not all.
   */
  @Test
  void betweenSamples_equallyHealthyNodes_shareTheBlocks_insteadOfHerding() {
    List<Replica> block = List.of(replica(0, RACK, "DISK"), replica(1, RACK, "DISK"), replica(2, RACK, "DISK"));
    block.forEach(this::healthy);
    int[] first = new int[3];
    SplittableRandom random = new SplittableRandom(3);
    for (int i = 0; i < 300; i++) {
      first[policy.order(block, random).get(0).position()]++;
    }
    for (int count : first) {
      assertEquals(100, count, 15, "blocks per node: " + java.util.Arrays.toString(first));
    }
  }

  @Test
  void blocksAssignedSinceTheSample_neverPushAQuietNodeBelowASaturatedOne() {
    List<Replica> block = List.of(replica(0, RACK, "DISK"), replica(1, RACK, "DISK"));
    healthy(block.get(0));
    stressed(block.get(1));
    SplittableRandom random = new SplittableRandom(5);
    for (int i = 0; i < 1_000; i++) {
      assertEquals(0, policy.order(block, random).get(0).position(), "block " + i);
    }
  }

  /**
   * The scenario of {@code StressAvoidanceIT}: DataNodes on one host (same CPU and memory), one disk saturated by
   * another tenant's writes (await 31 ms, 8 MB/s, no reads), the others idle. The idle disk loses its read points
   * to the blocks put first on it since its sample and comes within the margin of the saturated one (2.5 against
   * 2.03 I/O points); the saturated disk must still never be drawn first, for any policy that scores state.
   */
  @ParameterizedTest
  @ValueSource(strings = {SystemStatePolicy.NAME, CombinedPolicy.NAME})
  void manyBlocksBetweenSamples_neverMakeADiskSaturatedByWritesEquallyGood(String name) {
    ReadPolicy scoring = ReadPolicies.create(Fixtures.settings(name), cluster.env());
    List<Replica> block = List.of(replica(0, OFF_RACK, "DISK"), replica(1, OFF_RACK, "DISK"),
        replica(2, OFF_RACK, "DISK"));
    HostMetrics host = Fixtures.healthyHost();
    for (Replica r : List.of(block.get(0), block.get(2))) {
      cluster.report(r.datanodeUuid(), host, new VolumeMetrics(r.storageId(), "DISK", "sda", 0, 0, 0, 0, 0));
    }
    Replica saturated = block.get(1);
    cluster.report(saturated.datanodeUuid(), host,
        new VolumeMetrics(saturated.storageId(), "DISK", "sda", 31.25, 0, 8192, 100, 1));
    int[] first = new int[3];
    SplittableRandom random = new SplittableRandom(11);
    for (int i = 0; i < 1_000; i++) {
      first[scoring.order(block, random).get(0).position()]++;
    }
    assertEquals(0, first[1], "blocks put first on the saturated disk: " + java.util.Arrays.toString(first));
    assertTrue(first[0] > 300 && first[2] > 300,
        "the idle disks share the blocks: " + java.util.Arrays.toString(first));
  }

  /**
   * Each block put first on a volume counts as one more request queued there (C3's concurrency compensation)
   * until its DataNode's next sample, which shows the real queue and starts the count again.
   */
  @Test
  void blocksPutFirst_addToTheQueueEstimate_untilANewSampleStartsTheCountAgain() {
    List<Replica> block = List.of(replica(0, RACK, "DISK"), replica(1, RACK, "DISK"));
    block.forEach(this::healthy);
    Scorer scorer = new Scorer(settings.score(), () -> cluster.registry);
    double sampled = 0.2; // Fixtures.healthyVolume's queue
    assertEquals(1 + sampled, scorer.scores(block).loads().queue()[0], 1e-9);

    for (int i = 0; i < 3; i++) {
      scorer.scores(block).assignment(block.get(0)).run();
    }
    assertEquals(1 + sampled + 3, scorer.scores(block).loads().queue()[0], 1e-9);
    assertEquals(1 + sampled, scorer.scores(block).loads().queue()[1], 1e-9, "the other volume");

    cluster.advance(Fixtures.SAMPLE_INTERVAL_MS);
    healthy(block.get(0)); // its next sample, an interval later
    assertEquals(1 + sampled, scorer.scores(block).loads().queue()[0], 1e-9);
  }

  /**
   * DataNodes come and go: a volume whose DataNode has had no fresh sample for {@link Scorer#KEEP_MS} is forgotten
   * at the next prune (with the DataNode's last sample it held); one scored lately stays. Until session 51 every
   * volume ever scored stayed for the NameNode's life.
   */
  @Test
  void volumesOfDataNodesGoneForTenMinutes_areForgotten_andLiveOnesKept() {
    Scorer scorer = new Scorer(settings.score(), () -> cluster.registry);
    for (int i = 0; i < 200; i++) {
      List<Replica> block = List.of(replica(2 * i, RACK, "DISK"), replica(2 * i + 1, RACK, "DISK"));
      block.forEach(this::healthy);
      scorer.scores(block);
    }
    assertEquals(400, scorer.volumesHeld());

    cluster.advance(Scorer.KEEP_MS);
    List<Replica> live = List.of(replica(1_000, RACK, "DISK"), replica(1_001, RACK, "DISK"));
    live.forEach(this::healthy);
    scorer.scores(live);

    assertEquals(2, scorer.volumesHeld(), "only the volumes scored since");
    assertEquals(1 + 0.2, scorer.scores(live).loads().queue()[0], 1e-9, "still scored from their sample");
  }

  /**
   * The view the scorer reads can change clocks: the NameNode starts with an empty view on the wall clock, and its
   * registry, on the monotonic clock, replaces it. The prune schedule follows the new clock, and what was scored
   * on the old one is forgotten.
   */
  @Test
  void aViewOnAnotherClock_doesNotPostponePruning() {
    Fixtures.Cluster wall = new Fixtures.Cluster();
    wall.clock.set(1_700_000_000_000L);
    java.util.concurrent.atomic.AtomicReference<Fixtures.Cluster> current = new java.util.concurrent.atomic
        .AtomicReference<>(wall);
    Scorer scorer = new Scorer(settings.score(), () -> current.get().registry);
    List<Replica> early = List.of(replica(0, RACK, "DISK"), replica(1, RACK, "DISK"));
    early.forEach(r -> wall.report(r.datanodeUuid(), Fixtures.healthyHost(),
        Fixtures.healthyVolume(r.storageId(), r.storageType(), 20)));
    scorer.scores(early);

    current.set(cluster); // the monotonic clock: about a million ms
    cluster.advance(Scorer.KEEP_MS);
    List<Replica> live = List.of(replica(2, RACK, "DISK"), replica(3, RACK, "DISK"));
    live.forEach(this::healthy);
    scorer.scores(live);

    assertEquals(2, scorer.volumesHeld(), "the wall clock's schedule and entries do not hold on");
  }

  /**
   * A volume whose sample has neither queue length nor utilization, and a replica whose DataNode has no fresh
   * sample, are queued like the mean of the sampled volumes (neither favoured nor avoided by the draw); blocks put
   * first on a volume with a sample still add to its estimate.
   */
  @Test
  void volumesWithoutASampledQueue_getTheMeanQueueOfTheOthers_plusTheirBlocksSince() {
    List<Replica> block = List.of(replica(0, RACK, "DISK"), replica(1, RACK, "DISK"), replica(2, RACK, "DISK"),
        replica(3, RACK, "DISK"));
    healthy(block.get(0)); // queue 0.2
    stressed(block.get(1)); // queue 30
    // A sample without queue length or utilization:
    cluster.report(block.get(2).datanodeUuid(), Fixtures.healthyHost(),
        new VolumeMetrics(block.get(2).storageId(), "DISK", "sda", 5, 100, 100, Double.NaN, Double.NaN));
    // block.get(3): no sample at all
    Scorer scorer = new Scorer(settings.score(), () -> cluster.registry);
    for (int i = 0; i < 2; i++) {
      scorer.scores(block).assignment(block.get(2)).run();
    }

    double[] queue = scorer.scores(block).loads().queue();
    double mean = (0.2 + 30) / 2;
    assertEquals(1 + 0.2, queue[0], 1e-9);
    assertEquals(1 + 30, queue[1], 1e-9);
    assertEquals(1 + mean + 2, queue[2], 1e-9, "the mean, and the two blocks put first on it since its sample");
    assertEquals(1 + mean, queue[3], 1e-9, "no sample: the mean");
  }

  /**
   * Between two samples, a volume given blocks becomes less likely to get the next: after 5 blocks on one of two
   * equally idle volumes (queue estimates 6.2 against 1.2), the other gets about 99 % of the next draws.
   */
  @Test
  void aVolumeGivenBlocksSinceTheSample_getsFewerOfTheNext() {
    List<Replica> block = List.of(replica(0, RACK, "DISK"), replica(1, RACK, "DISK"));
    block.forEach(this::healthy);
    Scorer scorer = new Scorer(settings.score(), () -> cluster.registry);
    for (int i = 0; i < 5; i++) {
      scorer.scores(block).assignment(block.get(0)).run();
    }
    int[] first = new int[2];
    SplittableRandom random = new SplittableRandom(4);
    for (int i = 0; i < 1_000; i++) {
      first[scorer.scores(block).best(random).get(0).position()]++; // not counted: the estimate stays
    }
    double expected = 1_000 * Math.pow(1.2, -3) / (Math.pow(1.2, -3) + Math.pow(6.2, -3));
    assertEquals(expected, first[1], 15, java.util.Arrays.toString(first));
  }

  /**
   * The blocks put first since a sample stand for reads of one volume: they lower that volume's score (by at most
   * its read points) and leave the DataNode's other volumes as the sample shows them.
   */
  @Test
  void blocksPutFirstOnOneVolume_lowerThatVolume_notTheOthersOfItsDataNode() {
    cluster.report("dn-a", Fixtures.healthyHost(), Fixtures.healthyVolume("a-ssd", "SSD", 20),
        Fixtures.healthyVolume("a-disk", "DISK", 20));
    Replica ssd = new Replica(0, RACK, "SSD", "a-ssd", "dn-a");
    Replica disk = new Replica(0, RACK, "DISK", "a-disk", "dn-a");
    ScoreModel model = settings.score();
    Scorer scorer = new Scorer(model, () -> cluster.registry);
    double ssdBefore = scorer.scores(List.of(ssd)).values()[0];
    double diskBefore = scorer.scores(List.of(disk)).values()[0];

    for (int i = 0; i < 2; i++) {
      scorer.scores(List.of(ssd)).assignment(ssd).run();
    }

    double readPoints = model.readPoints(cluster.fresh("dn-a").sample(), "a-ssd");
    double expected = Math.min(readPoints, 2 * model.assignmentPenalty());
    assertTrue(expected > 0, "the test needs a penalty to see");
    assertEquals(ssdBefore - expected, scorer.scores(List.of(ssd)).values()[0], 1e-9);
    assertEquals(diskBefore, scorer.scores(List.of(disk)).values()[0], 1e-9);
  }

  /**
   * A sample the registry confirmed is used for {@link Scorer#CONFIRM_MS} without asking again; a newer one is
   * taken once that has passed.
   */
  @Test
  void aReplacedSample_isTakenWithinTheConfirmationPeriod() {
    List<Replica> block = List.of(replica(0, RACK, "DISK"), replica(1, RACK, "DISK"));
    healthy(block.get(0));
    stressed(block.get(1));
    ReadPolicy p = paperPolicy;
    assertEquals(0, p.order(block, new SplittableRandom(1)).get(0).position());

    stressed(block.get(0)); // the nodes swap states
    healthy(block.get(1));
    assertEquals(0, p.order(block, new SplittableRandom(1)).get(0).position(), "still within the period");
    cluster.advance(Scorer.CONFIRM_MS);
    assertEquals(1, p.order(block, new SplittableRandom(1)).get(0).position(), "after it");
  }

  @Test
  void withoutFreshMetricsForAnyReplica_theOrderIsNetworkDistances() {
    List<Replica> block = List.of(replica(0, OFF_RACK, "DISK"), replica(1, RACK, "SSD"), replica(2, RACK, "DISK"),
        replica(3, LOCAL, "DISK"));
    stressed(block.get(3)); // stale by the time of the reads
    cluster.advance(3 * Fixtures.SAMPLE_INTERVAL_MS + 1);
    cluster.report("dn-not-holding-the-block", Fixtures.healthyHost());
    NetworkDistancePolicy hdfs = new NetworkDistancePolicy();

    for (long seed = 0; seed < 200; seed++) {
      List<Replica> order = policy.order(block, new SplittableRandom(seed));
      assertEquals(hdfs.order(block, new SplittableRandom(seed)), order, "seed " + seed);
      assertEquals(3, order.get(0).position());
      assertEquals(0, order.get(3).position());
    }
  }

  /** How a replica's DataNode comes to have no fresh sample. */
  enum Missing {
    NEVER_REPORTED,
    STALE
  }

  /**
   * Three replicas at equal distance: one healthy, one stressed, one without a fresh sample. The last gets the mean
   * state points of the other two, so it goes between them.
   */
  @ParameterizedTest
  @EnumSource(Missing.class)
  void aReplicaWithoutAFreshSample_getsTheMeanStatePointsOfTheOthers(Missing missing) {
    List<Replica> block = List.of(replica(0, RACK, "DISK"), replica(1, RACK, "DISK"), replica(2, RACK, "DISK"));
    if (missing == Missing.STALE) {
      stressed(block.get(2)); // worse than either other, if it counted
      cluster.advance(3 * Fixtures.SAMPLE_INTERVAL_MS + 1);
    }
    healthy(block.get(0));
    stressed(block.get(1));

    ScoreModel model = settings.score();
    double healthy = model.state(cluster.fresh("dn-0"), "vol-0");
    double stressed = model.state(cluster.fresh("dn-1"), "vol-1");
    double[] scored = new Scorer(model, () -> cluster.registry).scores(block).values();
    assertEquals(2.8 + healthy, scored[0], 1e-9);
    assertEquals(2.8 + stressed, scored[1], 1e-9);
    assertEquals(2.8 + (healthy + stressed) / 2, scored[2], 1e-9);

    for (long seed = 0; seed < 100; seed++) {
      assertEquals(List.of(0, 2, 1), positions(paperPolicy.order(block, new SplittableRandom(seed))));
    }
  }

  @Test
  void theStressedScore_isFarBelowTheHealthyOne() {
    Replica r = replica(0, RACK, "DISK");
    stressed(r);
    double stressed = settings.score().state(cluster.fresh("dn-0"), "vol-0");
    healthy(r);
    double healthy = settings.score().state(cluster.fresh("dn-0"), "vol-0");

    // CPU 0.25 + memory 0.1 + await 0 + read 1 + write 0
    assertEquals(1.35, stressed, 1e-9);
    assertTrue(healthy - stressed > 1.4, "more than any distance difference: " + healthy + " vs " + stressed);
  }

  @Test
  void equalScores_areBrokenByDistance() {
    List<Replica> block = List.of(replica(0, OFF_RACK, "DISK"), replica(1, RACK, "DISK"));
    // a node without a sample gets the mean: the same state points as the other
    healthy(block.get(0));

    ScoreModel zeroDistance = new ScoreModel(new ScoreModel.Points(0, 0, 0, 1, 2, 1.5, 1, 1), 100, 2785, 0, 0, 3);
    Scorer scorer = new Scorer(zeroDistance, () -> cluster.registry);
    for (long seed = 0; seed < 100; seed++) {
      List<Replica> order = Scorer.best(block, scorer.scores(block).values(), new SplittableRandom(seed));
      assertEquals(List.of(1, 0), positions(order));
    }
  }
}
