/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
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
 * remaining nodes until every block is back at its replication factor, a restarted node rejoins under its
 * own address, and a node with filled disks reports no space and gets no new replicas until cleared.
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
    long copiedBefore = cluster.dataNodeActivity("BlocksReplicated");
    cluster.killDataNode("dn01");
    assertFalse(cluster.liveDataNodes().contains("dn01"), "the NameNode should see a killed node dead at once");
    assertBackToThreeReplicasWithout("dn01");
    assertTrue(cluster.dataNodeActivity("BlocksReplicated") > copiedBefore,
        "the DataNodes count the blocks they copied for HDFS's re-replication");
  }

  @Test
  void killDataNodes_namingAnUnknownNodeOrOneTwice_killsNone() throws Exception {
    assertThrows(NoSuchElementException.class, () -> cluster.killDataNodes(List.of("dn01", "dn99")));
    assertThrows(IllegalArgumentException.class, () -> cluster.killDataNodes(List.of("dn02", "127.0.0.12")));
    assertTrue(cluster.dataNode("dn01").isPresent(), "dn01 was shut down before dn99 was found unknown");
    assertTrue(cluster.dataNode("dn02").isPresent(), "dn02 was shut down before it was found named twice");
    assertEquals(Set.of("dn01", "dn02", "dn03", "dn04", "dn05"), cluster.liveDataNodes());
  }

  @Test
  void restartedDataNode_rejoinsUnderItsOwnAddress() throws Exception {
    cluster.killDataNode("dn03");
    cluster.restartDataNode("dn03");
    assertTrue(cluster.liveDataNodes().contains("dn03"));
    assertEquals("127.0.0.13", cluster.dataNode("dn03").orElseThrow().getDatanodeId().getIpAddr());
    assertEquals(Set.of("dn01", "dn02", "dn03", "dn04", "dn05"), cluster.liveDataNodes());
  }

  @Test
  void filledDisks_reportNoSpace_andTheNameNodePutsNewReplicasElsewhere_untilCleared() throws Exception {
    cluster.fillDisks("dn01");
    assertEquals(0, awaitRemaining("127.0.0.11", r -> r == 0), "dn01's remaining space as the NameNode sees it");
    assertFalse(firstReplicaHosts(new org.apache.hadoop.fs.Path("/faults/full")).contains("127.0.0.11"),
        "a writer on a full DataNode gets its replicas elsewhere");

    cluster.clearDisks("dn01");
    assertTrue(awaitRemaining("127.0.0.11", r -> r > 0) > 0);
    assertTrue(firstReplicaHosts(new org.apache.hadoop.fs.Path("/faults/cleared")).contains("127.0.0.11"),
        "with space again, the writer's own DataNode takes the first replica");
  }

  /** The remaining space the NameNode reports for the DataNode at {@code ip}, once {@code done} holds (10 s). */
  private long awaitRemaining(String ip, java.util.function.LongPredicate done) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    long remaining;
    do {
      remaining = Arrays.stream(cluster.miniCluster().getFileSystem().getDataNodeStats())
          .filter(d -> d.getIpAddr().equals(ip)).findFirst().orElseThrow().getRemaining();
      Thread.sleep(100);
    } while (!done.test(remaining) && System.nanoTime() < deadline);
    return remaining;
  }

  /** Writes a one-block replication-1 file from dn01; the hosts of its replica. */
  private Set<String> firstReplicaHosts(org.apache.hadoop.fs.Path file) throws Exception {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode("dn01"))) {
      try (FSDataOutputStream out = fs.create(file, true, 64 * 1024, (short) 1, Sizes.MIB)) {
        out.write(new byte[(int) Sizes.MIB]);
      }
      return Arrays.stream(fs.getFileBlockLocations(file, 0, Long.MAX_VALUE)[0].getNames())
          .map(n -> n.substring(0, n.indexOf(':'))).collect(Collectors.toSet());
    }
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
