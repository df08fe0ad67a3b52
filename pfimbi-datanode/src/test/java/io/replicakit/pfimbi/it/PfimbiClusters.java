/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.it;

import io.replicakit.pfimbi.client.PfimbiFiles;
import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.testing.PfimbiRecipe;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsDataOutputStream;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;

/** Cluster options and helpers shared by the Pfimbi ITs. */
final class PfimbiClusters {

  static final int BLOCK = 1024 * 1024;

  private PfimbiClusters() {}

  /** Both plugins and the placement wrapper, the testbed's device counters, quick scans and heartbeats. */
  static ClusterOptions withPfimbi(Path dir) {
    return PfimbiRecipe.install(ClusterOptions.in(dir))
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Integer.toString(BLOCK))
        .with(DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_KEY, "512")
        .with(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, "1")
        .with(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, "1");
  }

  /** Writes a file of {@code blocks} blocks under a directory marked with {@code spec}; checks the pipeline length. */
  static org.apache.hadoop.fs.Path write(EmbeddedCluster cluster, String dir, PfimbiSpec spec, int blocks)
      throws IOException {
    return write(cluster, ClientPlacement.offCluster(), dir, spec, blocks);
  }

  /** The same from a writer at {@code writer} (on a DataNode, every synchronous copy lands on that DataNode). */
  static org.apache.hadoop.fs.Path write(EmbeddedCluster cluster, ClientPlacement writer, String dir,
      PfimbiSpec spec, int blocks) throws IOException {
    org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path(dir);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(base, "part-0");
    try (DistributedFileSystem fs = cluster.fileSystem(writer)) {
      fs.mkdirs(base);
      PfimbiFiles.mark(fs, base, spec);
      byte[] data = new byte[BLOCK];
      new Random(7).nextBytes(data);
      try (FSDataOutputStream out = PfimbiFiles.create(fs, file, spec)) {
        for (int b = 0; b < blocks; b++) {
          out.write(data);
          out.hflush();
          int pipeline = ((HdfsDataOutputStream) out).getCurrentBlockReplication();
          if (pipeline != spec.synchronous()) {
            throw new AssertionError("block " + b + " was written through " + pipeline + " DataNodes, not "
                + spec.synchronous());
          }
        }
      }
    }
    return file;
  }

  static List<LocatedBlock> located(DistributedFileSystem fs, org.apache.hadoop.fs.Path file) throws IOException {
    return fs.getClient().getLocatedBlocks(file.toUri().getPath(), 0, Long.MAX_VALUE).getLocatedBlocks();
  }

  /**
   * What the NameNode's block manager holds about re-replication, for a failure message: a block short of its
   * target while a re-replication is pending for it waits for HDFS's pending timeout
   * ({@code dfs.namenode.reconstruction.pending.timeout-sec}); one short with nothing pending is the NameNode's own
   * choice not to re-replicate.
   */
  static String nameNodeView(EmbeddedCluster cluster) {
    BlockManager bm = cluster.miniCluster().getNamesystem().getBlockManager();
    return "NameNode: " + bm.getLowRedundancyBlocksCount() + " low-redundancy, "
        + bm.getPendingReconstructionBlocksCount() + " pending re-replication, "
        + bm.getPendingDeletionBlocksCount() + " pending deletion, " + bm.getExcessBlocksCount() + " excess, "
        + bm.getPostponedMisreplicatedBlocksCount() + " postponed mis-replicated, "
        + bm.getDatanodeManager().getNumStaleStorages() + " stale storages";
  }

  /** Waits until every block of {@code file} has {@code replicas} locations and the file that replication. */
  static Duration awaitReplicas(EmbeddedCluster cluster, org.apache.hadoop.fs.Path file, int replicas,
      Duration timeout) throws IOException, InterruptedException {
    long start = System.nanoTime();
    long deadline = start + timeout.toNanos();
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      while (true) {
        boolean done = fs.getFileStatus(file).getReplication() == replicas
            && located(fs, file).stream().allMatch(b -> b.getLocations().length == replicas);
        if (done) {
          return Duration.ofNanos(System.nanoTime() - start);
        }
        if (System.nanoTime() > deadline) {
          StringBuilder s = new StringBuilder();
          located(fs, file).forEach(b -> s.append(' ').append(b.getBlock().getBlockId()).append('=')
              .append(Arrays.toString(b.getLocations())));
          throw new AssertionError("after " + timeout + " " + file + " has replication "
              + fs.getFileStatus(file).getReplication() + " and block locations" + s + "; " + nameNodeView(cluster));
        }
        Thread.sleep(200);
      }
    }
  }
}
