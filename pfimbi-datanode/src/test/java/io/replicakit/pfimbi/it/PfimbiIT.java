/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.proto.PfimbiProtos.ManagerStatusProto;
import io.replicakit.pfimbi.rpc.RmClient;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.PfimbiBlocks;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.namenode.FSNamesystem;
import org.apache.hadoop.hdfs.tools.DFSck;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pfimbi(3,1) on a real 6-DataNode, 3-rack cluster (one DISK per node): the writer's pipeline holds one
 * DataNode, the NameNode starts the background copies through the Replication Managers, and the file ends at
 * three replicas without a replica deleted on the way, also when a background target dies mid-replication.
 */
class PfimbiIT {

  private static final PfimbiSpec SPEC = PfimbiSpec.parse("n=3;s=1;flow=it;weight=1");
  private static final int BLOCKS = 8;

  @TempDir
  Path dir;

  @Test
  void pfimbi31_writesOneCopy_thenReachesThreeReplicasOnAcceptedRacks_withoutDeletingAny() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("six-disks"),
        PfimbiClusters.withPfimbi(dir))) {
      // Written from dn01, so that every block's first replica is known: the copies' racks are checked below.
      org.apache.hadoop.fs.Path file = PfimbiClusters.write(cluster, ClientPlacement.onNode("dn01"), "/jobs/a",
          SPEC, BLOCKS);

      PfimbiClusters.awaitReplicas(cluster, file, 3, Duration.ofSeconds(90));

      FSNamesystem namesystem = cluster.miniCluster().getNamesystem();
      BlockPlacementPolicy policy = namesystem.getBlockManager().getBlockPlacementPolicy();
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        for (LocatedBlock block : PfimbiClusters.located(fs, file)) {
          DatanodeInfo[] locations = block.getLocations();
          assertTrue(policy.verifyBlockPlacement(locations, 3).isPlacementPolicySatisfied(),
              "placement of " + block.getBlock() + " on " + List.of(locations));
          assertBackgroundCopiesShareARemoteRack(cluster, block);
        }
      }
      assertTrue(PfimbiBlocks.get().vetoCount() > 0, "background copies landed while the file was at 1");
      assertEquals(0, PfimbiBlocks.get().protectedCount(), "every block released");
      assertEquals(0, namesystem.getExcessBlocks());
      assertEquals(0, namesystem.getPendingDeletionBlocks());
      for (DataNode dn : cluster.miniCluster().getDataNodes()) {
        assertEquals(0, dn.getMetrics().getBlocksRemoved(), "replicas removed on " + dn.getDisplayName());
      }
      String fsck = fsck(cluster.clientConf(ClientPlacement.offCluster()), file.toString());
      assertTrue(fsck.contains("Status: HEALTHY"), fsck);
      assertTrue(fsck.matches("(?s).*Mis-replicated blocks:\\s+0 .*"), fsck);
    }
  }

  @Test
  void aBackgroundTargetKilledMidReplication_stillEndsWithThreeReplicas() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("six-disks"),
        PfimbiClusters.withPfimbi(dir)
            .with(PfimbiConfig.GUARANTEED_SHARE_KEY, "0"))) {
      // Written from dn01: every synchronous copy is there, so every other DataNode is in the asynchronous part.
      org.apache.hadoop.fs.Path file = PfimbiClusters.write(cluster, ClientPlacement.onNode("dn01"), "/jobs/b",
          SPEC, BLOCKS);

      String victim = awaitBackgroundOnlyTarget(cluster, file, Duration.ofSeconds(30));
      cluster.killDataNode(victim);

      PfimbiClusters.awaitReplicas(cluster, file, 3, Duration.ofSeconds(120));
      String fsck = fsck(cluster.clientConf(ClientPlacement.offCluster()), file.toString());
      assertTrue(fsck.contains("Status: HEALTHY"), fsck);
    }
  }

  /**
   * HDFS(3,3) puts a new block's second and third replicas together on a rack other than the first's; Pfimbi's two
   * background copies must land the same way, not as HDFS re-replicates (third on the first replica's rack).
   */
  private static void assertBackgroundCopiesShareARemoteRack(EmbeddedCluster cluster, LocatedBlock block) {
    String primaryRack = cluster.spec().dataNode("dn01").rack();
    List<String> copyRacks = List.of(block.getLocations()).stream()
        .filter(d -> !d.getIpAddr().equals(cluster.spec().dataNode("dn01").address()))
        .map(DatanodeInfo::getNetworkLocation).toList();
    assertEquals(2, copyRacks.size(), "copies of " + block.getBlock() + ": " + List.of(block.getLocations()));
    assertEquals(copyRacks.get(0), copyRacks.get(1), "copies of " + block.getBlock() + " on one rack");
    assertNotEquals(primaryRack, copyRacks.get(0), "copies of " + block.getBlock() + " off dn01's rack");
  }

  /**
   * A DataNode in the asynchronous part only, mid-replication: its Replication Manager has background blocks
   * queued or buffered, and it is not the only holder of any block of {@code file} (killing the one synchronous
   * copy of a replication-1 block loses it in Pfimbi as in HDFS; thesis §4.4 is about the asynchronous part).
   */
  private static String awaitBackgroundOnlyTarget(EmbeddedCluster cluster, org.apache.hadoop.fs.Path file,
      Duration timeout) throws Exception {
    Configuration conf = cluster.clientConf(ClientPlacement.offCluster());
    int port = conf.getSocketAddr(PfimbiConfig.RPC_ADDRESS_KEY, PfimbiConfig.RPC_ADDRESS_DEFAULT, 0).getPort();
    long deadline = System.nanoTime() + timeout.toNanos();
    try (RmClient client = new RmClient(conf, port, 5_000);
        DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      while (System.nanoTime() < deadline) {
        List<LocatedBlock> blocks = PfimbiClusters.located(fs, file);
        for (DataNodeSpec dn : cluster.spec().dataNodes()) {
          Optional<ManagerStatusProto> busy = client.status(dn.address()).getManagersList().stream()
              .filter(m -> m.getQueued() + m.getBuffered() > 0).findFirst();
          if (busy.isPresent() && !soleHolder(dn.address(), blocks)) {
            return dn.name();
          }
        }
        Thread.sleep(50);
      }
    }
    throw new AssertionError("no DataNode outside the synchronous copies had background work within " + timeout);
  }

  private static boolean soleHolder(String ip, List<LocatedBlock> blocks) {
    return blocks.stream().anyMatch(b -> b.getLocations().length < 2
        && List.of(b.getLocations()).stream().anyMatch(d -> d.getIpAddr().equals(ip)));
  }

  private static String fsck(Configuration conf, String path) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
      ToolRunner.run(new DFSck(conf, out), new String[] {path, "-files", "-blocks", "-racks"});
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
