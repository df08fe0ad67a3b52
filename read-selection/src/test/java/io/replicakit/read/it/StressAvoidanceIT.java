/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.SystemStates;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.policy.DrrBalance;
import io.replicakit.read.policy.DynamicRoundRobinPolicy;
import io.replicakit.read.policy.ReadPolicy;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.device.BackgroundLoad;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Disks saturated by another tenant, in a real NameNode with the heartbeat-metrics plugins: policies that read node
 * state never put a stressed DataNode first while an equally close, unstressed replica exists, and DRR moves reads
 * off a storage type whose volumes are busy.
 */
class StressAvoidanceIT {

  @TempDir
  Path dir;

  /**
   * Off the cluster every replica is as close as another; on the stressed DataNode itself its own replica is the
   * closest, which HDFS's order puts first, and the hotspot paper's score weighs stress above distance (§III).
   */
  @ParameterizedTest(name = "{0}, reader {1}")
  @CsvSource({"system-state, off-cluster", "combined, off-cluster", "system-state, dn02", "combined, dn02"})
  void stressedNode_isNeverFirst_whileAQuietReplicaExists(String policy, String reader) throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec,
        ReadClusters.withMetrics(ReadClusters.withPolicy(dir, spec, policy)))) {
      List<org.apache.hadoop.fs.Path> files = ReadClusters.write(cluster, "/data", "HOT", 6, 2);
      String stressed = cluster.dataNode("dn02").orElseThrow().getDatanodeUuid();
      try (BackgroundLoad load = cluster.devices("dn02").startLoad(v -> true, 64, Duration.ofSeconds(60))) {
        List<String> others = cluster.spec().dataNodes().stream().map(DataNodeSpec::name)
            .filter(name -> !name.equals("dn02"))
            .map(name -> cluster.dataNode(name).orElseThrow().getDatanodeUuid()).toList();
        awaitStressedAmongQuiet(stressed, others);
        int withStressed = 0;
        try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.parse(reader))) {
          for (org.apache.hadoop.fs.Path file : files) {
            for (LocatedBlock block : ReadClusters.located(fs, file)) {
              DatanodeInfo[] locations = block.getLocations();
              boolean holds = List.of(locations).stream().anyMatch(d -> d.getDatanodeUuid().equals(stressed));
              if (holds) {
                withStressed++;
                assertNotEquals(stressed, locations[0].getDatanodeUuid(),
                    () -> policy + ", reader " + reader + ": first replica of " + block.getBlock()
                        + " with the NameNode's view " + SystemStates.current().all());
              }
            }
          }
        }
        assertTrue(withStressed >= 2, "the stressed node holds replicas of " + withStressed + " blocks");
      }
    }
  }

  /**
   * DRR in a real NameNode follows the utilization heartbeat-metrics reports: another tenant saturates every SSD,
   * the DISKs are idle, so each adjustment (one per interval, on newer samples) lowers the weight by a step, from
   * the 5 of the devices' speeds down to the minimum of 1 (both rules: only the slow type has room). Taking turns by
   * class, DISK then takes every other block of a listing, after at most one fast turn: at weight 1 the listing's
   * handler stripe alternates (turns are counted per stripe of handler threads), and a stripe that served none of
   * the earlier listings, or the shared count, may owe one fast turn first (one run: FFSFSFSFSFSF). By
   * volume, at weight 1 an SSD counts as fast as a DISK, and a block has two DISK candidates to one SSD: DISK takes
   * about half the blocks when the backlogs are even, two thirds when they have drained; at least a third is
   * asserted. (Without samples the weight stays at 5: {@code ReadPolicyIT}.)
   *
   * <p>The first ordering adjusts at once, so the test waits until the NameNode's view holds the scenario (every
   * node's fresh sample with its SSD busy and its DISK idle) before listing any block: samples from the write, with
   * the DISKs busy, would move the weight the other way. The interval is shortened to 500 ms so the four steps
   * take seconds; the assertions count steps, not time. By volume a step needs two adjustments in a row asking for
   * it, so the weight first falls at the second.
   */
  @ParameterizedTest
  @EnumSource(DrrBalance.class)
  void drr_ssdsSaturatedFromElsewhere_lowerTheWeightToItsMinimum_andDiskTakesItsShare(DrrBalance balance)
      throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, ReadClusters.withMetrics(
        ReadClusters.withPolicy(dir, spec, "drr").with(ReadSelectionConfig.DRR_INTERVAL_KEY, "500")
            .with(ReadSelectionConfig.DRR_BALANCE_KEY, balance.name())))) {
      ReadPolicy policy = assertInstanceOf(DynamicRoundRobinPolicy.class, ReadClusters.policy(cluster));
      org.apache.hadoop.fs.Path file = ReadClusters.write(cluster, "/data", ReadClusters.oneSsd(), 1, 12).get(0);
      List<String> nodes = cluster.spec().dataNodes().stream()
          .map(dn -> cluster.dataNode(dn.name()).orElseThrow().getDatanodeUuid()).toList();
      List<BackgroundLoad> loads = new ArrayList<>();
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        for (DataNodeSpec dn : cluster.spec().dataNodes()) {
          loads.add(cluster.devices(dn.name()).startLoad(v -> v.type() == StorageType.SSD, 64,
              Duration.ofSeconds(60)));
        }
        await(() -> nodes.stream().allMatch(StressAvoidanceIT::ssdBusyDiskIdle),
            "every node's SSD busy and DISK idle");

        List<Double> weights = new ArrayList<>();
        ReadClusters.located(fs, file);
        weights.add(policy.weight());
        if (balance == DrrBalance.CLASS) {
          assertTrue(weights.get(0) < 5, () -> "the first ordering lowered the weight from 5: " + weights
              + ", view " + SystemStates.current().all());
        }
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (weights.get(weights.size() - 1) > 1 + 1e-9) {
          if (System.nanoTime() > deadline) {
            throw new AssertionError("the weight never reached 1: " + weights + ", view "
                + SystemStates.current().all());
          }
          Thread.sleep(100);
          ReadClusters.located(fs, file);
          weights.add(policy.weight());
        }

        String firsts = ReadClusters.firstClasses(ReadClusters.located(fs, file));
        assertEquals(1.0, policy.weight(), 1e-9, "still at the minimum; weights " + weights);
        long least = balance == DrrBalance.CLASS ? (firsts.length() - 1) / 2 : firsts.length() / 3;
        assertTrue(firsts.chars().filter(c -> c == 'S').count() >= least,
            () -> "DISK first for at least " + least + " of the blocks: " + firsts + " (F: SSD, S: DISK), weights "
                + weights);
      } finally {
        loads.forEach(BackgroundLoad::close);
      }
    }
  }

  private static boolean ssdBusyDiskIdle(String uuid) {
    List<VolumeMetrics> volumes = volumes(uuid);
    return volumes.stream().anyMatch(v -> v.storageType().equals("SSD"))
        && volumes.stream().allMatch(v -> v.hasUtilization() && (v.storageType().equals("SSD")
            ? v.utilizationPct() > 90 : v.utilizationPct() < 10 && v.writeKbPerSec() < 100));
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the NameNode never saw " + what + ": " + SystemStates.current().all());
      }
      Thread.sleep(100);
    }
  }

  /**
   * Waits until the NameNode's view matches the scenario: a fresh sample of the stressed node taken under load,
   * and fresh samples of every other node taken after the files were written, with idle disks. Without the
   * second part a quiet node could still be judged by a sample from the write phase, and the claim would not
   * hold for the NameNode's view.
   */
  private static void awaitStressedAmongQuiet(String stressed, List<String> others) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!(busy(stressed) && others.stream().allMatch(StressAvoidanceIT::quiet))) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the NameNode never saw the stressed node busy and the others quiet: "
            + SystemStates.current().all());
      }
      Thread.sleep(100);
    }
  }

  private static boolean busy(String uuid) {
    return volumes(uuid).stream()
        .anyMatch(v -> v.hasUtilization() && v.utilizationPct() > 90 && v.writeKbPerSec() > 1000);
  }

  private static boolean quiet(String uuid) {
    List<VolumeMetrics> volumes = volumes(uuid);
    return !volumes.isEmpty() && volumes.stream()
        .allMatch(v -> v.hasIo() && v.awaitMs() < 10 && v.readKbPerSec() < 100 && v.writeKbPerSec() < 100);
  }

  private static List<VolumeMetrics> volumes(String uuid) {
    return SystemStates.current().fresh(uuid).map(state -> state.sample().volumes()).orElse(List.of());
  }
}
