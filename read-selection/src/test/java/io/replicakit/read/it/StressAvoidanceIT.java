package io.replicakit.read.it;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.metrics.registry.NodeState;
import io.replicakit.metrics.registry.SystemStates;
import io.replicakit.metrics.sample.VolumeMetrics;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.device.BackgroundLoad;
import io.replicakit.testbed.spec.ClusterSpecs;
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
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("one-ssd"),
        ReadClusters.withMetrics(ReadClusters.withPolicy(dir, policy)))) {
      List<org.apache.hadoop.fs.Path> files = ReadClusters.write(cluster, "/data", "HOT", 6, 2);
      String stressed = cluster.dataNode("dn02").orElseThrow().getDatanodeUuid();
      try (BackgroundLoad load = cluster.devices("dn02").startLoad(v -> true, 64, Duration.ofSeconds(60))) {
        awaitBusy(stressed);
        int withStressed = 0;
        try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
          for (org.apache.hadoop.fs.Path file : files) {
            for (LocatedBlock block : ReadClusters.located(fs, file)) {
              DatanodeInfo[] locations = block.getLocations();
              boolean holds = List.of(locations).stream().anyMatch(d -> d.getDatanodeUuid().equals(stressed));
              if (holds) {
                withStressed++;
                // An off-cluster reader is equally far from every replica.
                assertNotEquals(stressed, locations[0].getDatanodeUuid(), "first replica of " + block.getBlock());
              }
            }
          }
        }
        assertTrue(withStressed >= 2, "the stressed node holds replicas of " + withStressed + " blocks");
      }
    }
  }

  /** Waits until the NameNode holds a fresh sample of the node taken under load. */
  private static void awaitBusy(String uuid) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      NodeState state = SystemStates.current().fresh(uuid).orElse(null);
      if (state != null && state.sample().volumes().stream()
          .anyMatch(v -> v.hasUtilization() && v.utilizationPct() > 90 && v.writeKbPerSec() > 1000)) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no busy sample of the stressed node: " + state);
      }
      Thread.sleep(100);
    }
  }
}
