package io.replicakit.testbed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DataNode faults by name on a real cluster: a stopped or killed node's replicas are re-created on the
 * remaining nodes until every block is back at its replication factor, and a restarted node rejoins under its
 * own address.
 */
class DataNodeFaultsIT {

  private static final org.apache.hadoop.fs.Path FILE = new org.apache.hadoop.fs.Path("/faults/data");
  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  @TempDir
  Path dir;

  private EmbeddedCluster cluster;

  @BeforeEach
  void startAndWrite() throws Exception {
    cluster = EmbeddedCluster.start(ClusterSpecs.load("small"), ClusterOptions.in(dir.resolve("cluster")));
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode("dn01"))) {
      try (FSDataOutputStream out = fs.create(FILE, true, 64 * 1024, (short) 3, Sizes.MIB)) {
        out.write(new byte[(int) (8 * Sizes.MIB)]);
      }
    }
    cluster.waitForLiveReplicas(FILE, 3, TIMEOUT);
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void stoppedDataNode_replicasRecreatedOnRemainingNodes() throws Exception {
    cluster.stopDataNode("dn01");
    assertBackToThreeReplicasWithout("dn01");
  }

  @Test
  void killedDataNode_replicasRecreatedOnRemainingNodes() throws Exception {
    cluster.killDataNode("dn01");
    assertFalse(cluster.liveDataNodes().contains("dn01"), "the NameNode should see a killed node dead at once");
    assertBackToThreeReplicasWithout("dn01");
  }

  @Test
  void restartedDataNode_rejoinsUnderItsOwnAddress() throws Exception {
    cluster.killDataNode("dn03");
    cluster.restartDataNode("dn03");
    assertTrue(cluster.liveDataNodes().contains("dn03"));
    assertEquals("127.0.0.13", cluster.dataNode("dn03").orElseThrow().getDatanodeId().getIpAddr());
    assertEquals(Set.of("dn01", "dn02", "dn03", "dn04", "dn05"), cluster.liveDataNodes());
  }

  private void assertBackToThreeReplicasWithout(String node) throws Exception {
    cluster.waitForLiveReplicas(FILE, 3, TIMEOUT);
    String address = cluster.spec().dataNode(node).address();
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      for (BlockLocation block : fs.getFileBlockLocations(FILE, 0, Long.MAX_VALUE)) {
        Set<String> hosts = Arrays.stream(block.getNames())
            .map(n -> n.substring(0, n.indexOf(':'))).collect(Collectors.toSet());
        assertEquals(3, hosts.size(), "replicas of " + block);
        assertFalse(hosts.contains(address), "a replica is still listed on the failed node " + address);
      }
    }
  }
}
