/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.it;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.SystemStates;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.device.BackgroundLoad;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A DataNode whose disks are saturated by another tenant, in a real NameNode with the heartbeat-metrics plugins:
 * policies that read node state never put it first while an equally close, unstressed replica exists.
 */
class StressAvoidanceIT {

  @TempDir
  Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"system-state", "combined"})
  void stressedNode_isNeverFirst_whenAnUnstressedReplicaIsAsClose(String policy) throws Exception {
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
        try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
          for (org.apache.hadoop.fs.Path file : files) {
            for (LocatedBlock block : ReadClusters.located(fs, file)) {
              DatanodeInfo[] locations = block.getLocations();
              boolean holds = List.of(locations).stream().anyMatch(d -> d.getDatanodeUuid().equals(stressed));
              if (holds) {
                withStressed++;
                // An off-cluster reader is equally far from every replica.
                assertNotEquals(stressed, locations[0].getDatanodeUuid(),
                    () -> policy + ": first replica of " + block.getBlock() + " with the NameNode's view "
                        + SystemStates.current().all());
              }
            }
          }
        }
        assertTrue(withStressed >= 2, "the stressed node holds replicas of " + withStressed + " blocks");
      }
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
