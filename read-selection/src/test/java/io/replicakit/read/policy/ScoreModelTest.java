/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.VolumeMetrics;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The hotspot paper's score (§III, Table I) with its points (3.5 / 2.8 / 2.1 distance, 1 CPU, 2 memory, 1.5 await,
 * 1 read, 1 write) and the default references (await 100 ms, 2785 kB/s). Each part is isolated by giving every
 * other part its full points: idle CPU 100 %, free memory 100 %, await 0, no reads or writes.
 */
class ScoreModelTest {

  private static final double EPS = 1e-9;
  private static final double FULL_STATE = 1 + 2 + 1.5 + 1 + 1;

  private final ScoreModel model = Fixtures.settings("system-state").score();
  private final Fixtures.Cluster cluster = new Fixtures.Cluster();

  private NodeState node(HostMetrics host, VolumeMetrics... volumes) {
    cluster.report("dn-1", host, volumes);
    return cluster.fresh("dn-1");
  }

  private static HostMetrics host(double cpuIdlePct, double memoryFreePct) {
    return new HostMetrics(cpuIdlePct, memoryFreePct, 1L << 34);
  }

  private static VolumeMetrics volume(String id, double awaitMs, double readKbps, double writeKbps) {
    return new VolumeMetrics(id, "DISK", "sda", awaitMs, readKbps, writeKbps, 10, 0.1);
  }

  private double state(HostMetrics host, VolumeMetrics volume) {
    return model.state(node(host, volume), volume.storageId());
  }

  @Test
  void defaults_areThePapersPoints() {
    assertEquals(ScoreModel.PAPER_POINTS, model.points());
    assertEquals(100, model.awaitReferenceMs());
    assertEquals(2785, model.ioReferenceKbps());
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({"LOCAL, 3.5", "SAME_RACK, 2.8", "OFF_RACK, 2.1"})
  void distance_earnsThePapersPoints(Locality locality, double points) {
    assertEquals(points, model.distance(locality), EPS);
  }

  @ParameterizedTest(name = "idle {0} % -> {1}")
  @CsvSource({"100, 1", "85, 1", "80, 1", "79, 0.75", "70, 0.75", "60, 0.75", "59, 0.5", "50, 0.5", "40, 0.5",
      "39, 0.25", "30, 0.25", "0, 0.25"})
  void idleCpu_earnsThePapersBands(double idlePct, double points) {
    assertEquals(FULL_STATE - 1 + points, state(host(idlePct, 100), volume("v", 0, 0, 0)), EPS);
  }

  @ParameterizedTest(name = "free {0} % -> {1}")
  @CsvSource({"100, 2", "50, 1", "25, 0.5", "5, 0.1", "0, 0"})
  void freeMemory_earnsPointsInProportion(double freePct, double points) {
    assertEquals(FULL_STATE - 2 + points, state(host(100, freePct), volume("v", 0, 0, 0)), EPS);
  }

  @ParameterizedTest(name = "await {0} ms -> {1}")
  @CsvSource({"0, 1.5", "50, 0.75", "100, 0", "200, 0", "10000, 0"})
  void await_fallsFromFullAtZeroToNoneAtTheReference(double awaitMs, double points) {
    assertEquals(FULL_STATE - 1.5 + points, state(host(100, 100), volume("v", awaitMs, 0, 0)), EPS);
  }

  @ParameterizedTest(name = "{0} kB/s -> {1}")
  @CsvSource({"0, 1", "1392.5, 0.5", "2785, 0", "2786, 0", "50000, 0"})
  void readAndWriteRates_eachFallFromFullAtZeroToNoneAtTheReference(double kbps, double points) {
    assertEquals(FULL_STATE - 1 + points, state(host(100, 100), volume("v", 0, kbps, 0)), EPS, "read");
    assertEquals(FULL_STATE - 1 + points, state(host(100, 100), volume("v", 0, 0, kbps)), EPS, "write");
  }

  enum Missing {
    CPU(new HostMetrics(Double.NaN, 100, 1L << 34), volume("v", 0, 0, 0), 1),
    MEMORY(new HostMetrics(100, Double.NaN, -1), volume("v", 0, 0, 0), 2),
    AWAIT(host(100, 100), volume("v", Double.NaN, 0, 0), 1.5),
    READ(host(100, 100), volume("v", 0, Double.NaN, 0), 1),
    WRITE(host(100, 100), volume("v", 0, 0, Double.NaN), 1),
    HOST(HostMetrics.MISSING, volume("v", 0, 0, 0), 1 + 2),
    VOLUME_METRICS(host(100, 100), VolumeMetrics.missing("v", "DISK", "sda"), 1.5 + 1 + 1);

    final HostMetrics host;
    final VolumeMetrics volume;
    final double maxPoints;

    Missing(HostMetrics host, VolumeMetrics volume, double maxPoints) {
      this.host = host;
      this.volume = volume;
      this.maxPoints = maxPoints;
    }
  }

  @ParameterizedTest
  @EnumSource(Missing.class)
  void aMissingMetric_earnsHalfItsPoints(Missing missing) {
    assertEquals(FULL_STATE - missing.maxPoints / 2, state(missing.host, missing.volume), EPS);
  }

  @Test
  void aNodeWithoutAnyVolume_earnsHalfTheIoPoints() {
    assertEquals(1 + 2 + 3.5 / 2, model.state(node(host(100, 100)), "v"), EPS);
  }

  @Test
  void theBestLocalReplica_scoresTheMaximumOf10() {
    assertEquals(10.0, model.distance(Locality.LOCAL) + state(host(100, 100), volume("v", 0, 0, 0)), EPS);
  }

  @Test
  void theReplicasOwnVolume_isScored_notTheNodesOthers() {
    NodeState node = node(host(100, 100), volume("busy", 200, 50_000, 50_000), volume("idle", 0, 0, 0));

    assertEquals(FULL_STATE, model.state(node, "idle"), EPS);
    assertEquals(FULL_STATE - 3.5, model.state(node, "busy"), EPS);
  }

  /** Reads and await are what the NameNode's own ordering drives; CPU, memory and writes come from elsewhere. */
  @Test
  void otherLoadPoints_areCpuMemoryAndWrites_notReadsOrAwait() {
    NodeState node = node(host(100, 100), volume("reads", 90, 50_000, 0), volume("writes", 90, 0, 50_000));
    assertEquals(1 + 2 + 1, model.otherLoadPoints(node.sample(), "reads"), EPS);
    assertEquals(1 + 2 + 0, model.otherLoadPoints(node.sample(), "writes"), EPS);
    NodeState stressed = node(host(10, 5), volume("idle", 0, 0, 0));
    assertEquals(0.25 + 0.1 + 1, model.otherLoadPoints(stressed.sample(), "idle"), EPS);
  }

  @Test
  void anUnknownStorageId_isScoredAsTheNodesBusiestVolume() {
    VolumeMetrics calm = new VolumeMetrics("calm", "SSD", "sda", 0, 0, 0, 5, 0);
    VolumeMetrics busiest = new VolumeMetrics("busiest", "DISK", "sdb", 50, 0, 0, 95, 4);
    VolumeMetrics middle = new VolumeMetrics("middle", "DISK", "sdc", 100, 0, 0, 40, 1);
    NodeState node = node(host(100, 100), calm, busiest, middle);

    assertEquals(FULL_STATE - 0.75, model.state(node, "not-on-this-node"), EPS, "await 50 ms of the 95 % volume");
  }

  /**
   * The draw's queue: the sampled queue length when reported; else one server's mean queue at the sampled
   * utilization, u / (1 - u), capped at 99 %; NaN when the sample has neither.
   */
  @Test
  void queue_isTheSampledQueue_elseEstimatedFromUtilization() {
    VolumeMetrics queued = new VolumeMetrics("queued", "DISK", "sda", 10, 0, 0, 80, 2.5);
    VolumeMetrics halfBusy = new VolumeMetrics("half", "DISK", "sdb", 10, 0, 0, 50, Double.NaN);
    VolumeMetrics saturated = new VolumeMetrics("full", "DISK", "sdc", 10, 0, 0, 100, Double.NaN);
    VolumeMetrics unknown = VolumeMetrics.missing("unknown", "DISK", "sdd");
    NodeState node = node(host(100, 100), queued, halfBusy, saturated, unknown);

    assertEquals(2.5, model.queue(node.sample(), "queued"), EPS);
    assertEquals(1.0, model.queue(node.sample(), "half"), EPS);
    assertEquals(99.0, model.queue(node.sample(), "full"), EPS);
    assertTrue(Double.isNaN(model.queue(node.sample(), "unknown")));
  }
}
