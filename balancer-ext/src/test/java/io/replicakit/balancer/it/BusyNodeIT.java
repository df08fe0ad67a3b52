/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.balancer.BalancerTool;
import io.replicakit.common.state.SystemStates;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.metrics.testing.MetricsRecipe;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.device.BackgroundLoad;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Node load, in a real NameNode with the heartbeat-metrics plugins and the testbed's emulated disks: a DataNode
 * whose disk another tenant saturates receives nothing from the balancer, even as the emptiest node of the
 * cluster, while the over-utilized node still sheds its excess to the others.
 */
class BusyNodeIT {

  private static final long BLOCK = 1L << 20;

  @TempDir
  Path dir;

  @Test
  void aBusyDataNode_receivesNoReplica_evenAsTheEmptiest() throws Exception {
    Path specFile = dir.resolve("busy.properties");
    // dn01 and dn02 in r1, dn03 and dn04 in r2, dn05 in r3. Written from dn01: dn01 holds every block. dn02 (the
    // writer's rack, which HDFS's default policy avoids for the other two replicas) is eight times larger, so it
    // is by far the emptiest node: under-utilized, the first target of every source unless its load counts.
    Files.writeString(specFile, "name=busy\ndatanodes=5\nracks=3\ncapacities=64m,512m,64m,64m,256m\n");
    ClusterSpec spec = ClusterSpecs.load(specFile.toString());
    ClusterOptions options = MetricsRecipe.install(ClusterOptions.in(dir.resolve("cluster")), 1000)
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(BLOCK))
        .with(DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_KEY, "512")
        .with(DFSConfigKeys.DFS_BALANCER_GETBLOCKS_MIN_BLOCK_SIZE_KEY, "1");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, options)) {
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode("dn01"))) {
        byte[] data = new byte[(int) BLOCK];
        for (int i = 0; i < 12; i++) {
          try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/data/f" + i), (short) 3)) {
            out.write(data);
          }
        }
      }
      String busy = cluster.dataNodeUuid("dn02").orElseThrow();
      String writer = cluster.dataNodeUuid("dn01").orElseThrow();
      try (BackgroundLoad load = cluster.devices("dn02").startLoad(v -> true, 64, Duration.ofSeconds(180));
          DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        awaitBusy(busy);
        Set<String> before = blocksOn(fs, busy);
        int writerBefore = blocksOn(fs, writer).size();

        Configuration conf = new Configuration(cluster.clientConf(ClientPlacement.offCluster()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = ToolRunner.run(conf, new BalancerTool(new PrintStream(out, true, StandardCharsets.UTF_8)),
            new String[] {"-threshold", "3", "-idleiterations", "1"});
        String report = out.toString(StandardCharsets.UTF_8);

        // dn02 stays beyond the threshold below the mean (it took nothing), so the balancer cannot reach SUCCESS;
        // it ends as HDFS's does when no source and target pair up any more, or when nothing moves for a while.
        assertTrue(code == -2 || code == -3, "exit " + code + ": " + report);
        assertEquals(before, blocksOn(fs, busy), "the busy node received replicas");
        assertTrue(blocksOn(fs, writer).size() < writerBefore, "the over-utilized writer node shed nothing: "
            + report);
      }
    }
  }

  /** Waits until the NameNode's registry holds a fresh sample of the node with a saturated disk. */
  private static void awaitBusy(String uuid) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      List<VolumeMetrics> volumes = SystemStates.current().fresh(uuid).map(s -> s.sample().volumes())
          .orElse(List.of());
      if (volumes.stream().anyMatch(v -> v.hasUtilization() && v.utilizationPct() >= 95)) {
        return;
      }
      Thread.sleep(100);
    }
    throw new AssertionError("the NameNode never saw the node busy: " + SystemStates.current().all());
  }

  private static Set<String> blocksOn(DistributedFileSystem fs, String uuid) throws Exception {
    String address = "";
    for (DatanodeInfo dn : fs.getDataNodeStats()) {
      if (dn.getDatanodeUuid().equals(uuid)) {
        address = dn.getXferAddr();
      }
    }
    Set<String> blocks = new HashSet<>();
    for (FileStatus f : fs.listStatus(new org.apache.hadoop.fs.Path("/data"))) {
      for (BlockLocation b : fs.getFileBlockLocations(f, 0, f.getLen())) {
        if (List.of(b.getNames()).contains(address)) {
          blocks.add(f.getPath().getName() + "@" + b.getOffset());
        }
      }
    }
    return blocks;
  }
}
