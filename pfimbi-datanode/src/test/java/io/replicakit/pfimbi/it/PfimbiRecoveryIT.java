/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.client.PfimbiFiles;
import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.device.DeviceControl;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import javax.management.ObjectName;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What must never leave a Pfimbi file below its target, on a real cluster: the rename by which every MapReduce or
 * Spark job commits its output, done right after the close, and a NameNode restart while background copies are
 * pending (the coordinator's state is in memory; the sweep of the marked directories rebuilds it).
 */
class PfimbiRecoveryIT {

  private static final PfimbiSpec SPEC = PfimbiSpec.parse("n=3;s=1;flow=it;weight=1");
  /**
   * The claim is that every file ends at three replicas, by the background copies or by HDFS's re-replication
   * after a fallback; on a loaded machine the flow-controlled copies can be slow, so the fallback comes early.
   */
  private static final String TIMEOUT = "20s";
  /** Far above any emulated disk's speed: a node under this load never looks idle to its Replication Manager. */
  private static final double HOLDING_LOAD_MIBPS = 1000;
  /** Three DataNodes a block group: the six-disk cluster holds it with room to spare. */
  private static final String EC_POLICY = "XOR-2-1-1024k";
  /** Every disk but the writer's (dn01): copies wait while the writer's own replicas land. */
  private static final List<String> ALL_BUT_THE_WRITER = List.of("dn02", "dn03", "dn04", "dn05", "dn06");

  /**
   * {@link #HOLDING_LOAD_MIBPS} on the named nodes' disks for up to three minutes, so their Replication Managers
   * (guaranteed share 0) hold background copies back until it is closed.
   */
  private static final class HeldCopies implements AutoCloseable {
    private final List<DeviceControl.Load> loads = new ArrayList<>();

    static HeldCopies on(EmbeddedCluster cluster, List<String> nodes) {
      HeldCopies held = new HeldCopies();
      for (String node : nodes) {
        held.loads.add(cluster.devices(node).startLoad(HOLDING_LOAD_MIBPS, Duration.ofMinutes(3)));
      }
      return held;
    }

    @Override
    public void close() {
      loads.forEach(DeviceControl.Load::close);
    }
  }

  @TempDir
  Path dir;

  /**
   * Scans two seconds apart, so that a commit usually lands before the coordinator has seen the file at all (the
   * race a loaded machine produces): the file is then governed by the request of the directory it was written in.
   */
  @Test
  void jobStyleCommit_renamedRightAfterClose_endsAtFullReplicationWhereverItWasMoved() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("six-disks"),
        PfimbiClusters.withPfimbi(dir).with(PfimbiConfig.BACKGROUND_TIMEOUT_MS_KEY, TIMEOUT)
            .with(PfimbiConfig.SCAN_INTERVAL_MS_KEY, "2000"))) {
      List<org.apache.hadoop.fs.Path> committed = new ArrayList<>();
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path("/job/out");
        fs.mkdirs(out);
        PfimbiFiles.mark(fs, out, SPEC);
        fs.mkdirs(new org.apache.hadoop.fs.Path("/committed"));
        for (int task = 0; task < 4; task++) {
          org.apache.hadoop.fs.Path attempt = new org.apache.hadoop.fs.Path(out,
              "_temporary/0/_temporary/attempt_" + task + "/part-" + task);
          writeAtReplicationOne(fs, attempt, 2, task);
          org.apache.hadoop.fs.Path target = task == 3
              ? new org.apache.hadoop.fs.Path("/committed/part-3") // moved out of the marked tree
              : new org.apache.hadoop.fs.Path(out, "part-" + task);
          assertTrue(fs.rename(attempt, target), "commit of " + attempt);
          committed.add(target);
        }
        fs.delete(new org.apache.hadoop.fs.Path(out, "_temporary"), true);
      }
      for (int task = 0; task < committed.size(); task++) {
        PfimbiClusters.awaitReplicas(cluster, committed.get(task), 3, Duration.ofSeconds(120));
        assertContent(cluster, committed.get(task), 2, task);
      }
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        assertEquals(Optional.of(SPEC), PfimbiFiles.specOf(fs, committed.get(3)),
            "moved out of the marked tree, the file carries its request (a sweep after a restart finds it)");
      }
    }
  }

  @Test
  void nameNodeRestart_withCopiesPending_endsAtFullReplication_andCountsTheRecoveredFile() throws Exception {
    // Every disk but the writer's stays busy until the NameNode has restarted: their Replication Managers then
    // hold the copies back (guaranteed share 0), so they are still pending when the coordinator's memory goes.
    restartWithCopiesPending(ALL_BUT_THE_WRITER, Map.of());
  }

  /**
   * Half the disks busy: the copies whose pipeline starts on an idle node land before the restart and the rest wait,
   * so the file is not raised. The restarted NameNode learns of the landed copies only from their DataNodes' block
   * reports, which HDFS's {@code dfs.blockreport.initialDelay} spreads over seconds (as operators of large clusters
   * set it); the coordinator must not place copies or fall back onto nodes whose replicas it cannot see yet (a
   * re-replication onto a node that already holds the block fails, and HDFS retries it only after
   * {@code dfs.namenode.reconstruction.pending.timeout-sec}, five minutes).
   */
  @Test
  void nameNodeRestart_withSomeCopiesLandedAndBlockReportsSpreadOut_endsAtFullReplication() throws Exception {
    restartWithCopiesPending(List.of("dn04", "dn05", "dn06"),
        Map.of(DFSConfigKeys.DFS_BLOCKREPORT_INITIAL_DELAY_KEY, "15"));
  }

  /**
   * A six-disk cluster whose Replication Managers keep no guaranteed share (a busy disk writes no background copy),
   * with {@code timeout} before a waiting copy falls back, and {@code settings} besides.
   */
  private EmbeddedCluster clusterHoldingCopies(String timeout, Map<String, String> settings) throws IOException {
    ClusterOptions options = PfimbiClusters.withPfimbi(dir).with(PfimbiConfig.GUARANTEED_SHARE_KEY, "0")
        .with(PfimbiConfig.BACKGROUND_TIMEOUT_MS_KEY, timeout);
    for (Map.Entry<String, String> e : settings.entrySet()) {
      options = options.with(e.getKey(), e.getValue());
    }
    return EmbeddedCluster.start(ClusterSpecs.load("six-disks"), options);
  }

  private EmbeddedCluster clusterHoldingCopies(String timeout) throws IOException {
    return clusterHoldingCopies(timeout, Map.of());
  }

  private void restartWithCopiesPending(List<String> busy, Map<String, String> settings) throws Exception {
    try (EmbeddedCluster cluster = clusterHoldingCopies(TIMEOUT, settings)) {
      org.apache.hadoop.fs.Path file;
      try (HeldCopies held = HeldCopies.on(cluster, busy)) {
        file = PfimbiClusters.write(cluster, ClientPlacement.onNode("dn01"), "/jobs/r", SPEC, 8);
        try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
          assertEquals(1, fs.getFileStatus(file).getReplication(), "copies still pending before the restart");
        }
        cluster.restartNameNode(Map.of());
      }

      PfimbiClusters.awaitReplicas(cluster, file, 3, Duration.ofSeconds(150));
      long recovered = (Long) ManagementFactory.getPlatformMBeanServer().getAttribute(
          new ObjectName("Hadoop:service=NameNode,name=ReplicaKitPfimbi"), "FilesRecovered");
      assertTrue(recovered >= 1, "the restarted NameNode's sweep found the file: " + recovered);
    }
  }

  /**
   * A file deleted while its copies wait (every disk but the writer's busy) is forgotten, and its blocks no longer
   * kept from excess deletion: HDFS answers the coordinator's look-up of a deleted inode with
   * {@code FileNotFoundException}, which until session 50 was taken for a passing fault, so the file stayed tracked
   * and its blocks protected for as long as the NameNode ran.
   */
  @Test
  void trackedFileDeletedWhileItsCopiesWait_isForgotten_andItsBlocksNoLongerProtected() throws Exception {
    try (EmbeddedCluster cluster = clusterHoldingCopies("600s");
        HeldCopies held = HeldCopies.on(cluster, ALL_BUT_THE_WRITER)) {
        org.apache.hadoop.fs.Path file = PfimbiClusters.write(cluster, ClientPlacement.onNode("dn01"), "/jobs/d",
            SPEC, 4);
        awaitCoordinator("ProtectedBlocks", n -> n > 0, "the copies were asked for");
        assertEquals(1L, coordinator("FilesInProgress"));
        try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
          assertTrue(fs.delete(file, false));
        }
        awaitCoordinator("FilesInProgress", n -> n == 0, "the deleted file is forgotten");
        assertEquals(0L, coordinator("ProtectedBlocks"), "its blocks are no longer protected");
    }
  }

  /**
   * Every target restarted within the NameNode's dead-node interval (made ten minutes here, so that liveness cannot
   * be what the coordinator goes by) while the copies wait in their Replication Managers' memory: the restarted
   * processes answer with new incarnations and the file falls back at once; until session 54 it waited
   * {@code background.timeout.ms} (ten minutes here too) for copies that were gone.
   */
  @Test
  void targetsRestartedWithCopiesQueued_fallBackAtOnce_andTheFileEndsAtFullReplication() throws Exception {
    // HDFS's re-replication after the fall-back may pick a node still stopped (alive for the NameNode all along):
    // that transfer is retried after the pending-reconstruction timeout, made 5 s here instead of 5 minutes
    try (EmbeddedCluster cluster = clusterHoldingCopies("600s",
        Map.of(DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY, "300000",
            DFSConfigKeys.DFS_NAMENODE_RECONSTRUCTION_PENDING_TIMEOUT_SEC_KEY, "5"))) {
      org.apache.hadoop.fs.Path file;
      try (HeldCopies held = HeldCopies.on(cluster, ALL_BUT_THE_WRITER)) {
        file = PfimbiClusters.write(cluster, ClientPlacement.onNode("dn01"), "/jobs/q", SPEC, 4);
        awaitCoordinator("BlocksStarted", n -> n == 4, "every block's copies were asked for");
        assertEquals(0L, coordinator("FilesFellBack"));
        for (String node : ALL_BUT_THE_WRITER) {
          cluster.stopDataNode(node);
        }
        for (String node : ALL_BUT_THE_WRITER) {
          cluster.restartDataNode(node);
        }
        awaitCoordinator("FilesFellBack", n -> n == 1, "the file falls back once the restarts show");
      }
      PfimbiClusters.awaitReplicas(cluster, file, 3, Duration.ofSeconds(150));
    }
  }

  /**
   * A tracked file overwritten while a snapshot holds it: its inode lives on in the snapshot, and HDFS resolves it
   * through its old path, now the new file's. The coordinator must forget the old inode rather than take the new
   * file for it (it would track the new file twice); the new file is tracked on its own.
   */
  @Test
  void trackedFileOverwrittenWhileASnapshotHoldsIt_isForgotten_andOnlyTheNewFileIsTracked() throws Exception {
    try (EmbeddedCluster cluster = clusterHoldingCopies("600s");
        HeldCopies held = HeldCopies.on(cluster, ALL_BUT_THE_WRITER)) {
        PfimbiClusters.write(cluster, ClientPlacement.onNode("dn01"), "/jobs/s", SPEC, 2);
        awaitCoordinator("FilesInProgress", n -> n == 1, "the first file is tracked");
        try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
          org.apache.hadoop.fs.Path jobs = new org.apache.hadoop.fs.Path("/jobs/s");
          fs.allowSnapshot(jobs);
          fs.createSnapshot(jobs, "before");
        }
        PfimbiClusters.write(cluster, ClientPlacement.onNode("dn01"), "/jobs/s", SPEC, 2); // overwrites part-0
        awaitCoordinator("FilesTracked", n -> n >= 2, "the new file is tracked");
        awaitCoordinator("FilesInProgress", n -> n == 1, "the snapshot's inode is forgotten");
    }
  }

  /**
   * A space quota that holds the file's written replicas but not its target: the raise is refused for good, so the
   * file keeps its written replication, is counted as refused, and the copies made beyond it are deleted as excess
   * rather than kept past what the quota allows (until session 50 the raise was retried every round for ever, and
   * the veto kept the copies).
   */
  @Test
  void spaceQuotaBelowTheTarget_leavesTheFileAtItsWrittenReplication_andDeletesTheCopies() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("six-disks"),
        PfimbiClusters.withPfimbi(dir))) {
      int blocks = 2;
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        org.apache.hadoop.fs.Path quota = new org.apache.hadoop.fs.Path("/jobs/q");
        fs.mkdirs(quota);
        fs.setQuota(quota, HdfsConstants.QUOTA_DONT_SET, 2L * blocks * PfimbiClusters.BLOCK);
      }
      org.apache.hadoop.fs.Path file = PfimbiClusters.write(cluster, "/jobs/q", SPEC, blocks);
      awaitCoordinator("FilesRefused", n -> n >= 1, "the raise to 3 was refused by the quota");
      assertEquals(0L, coordinator("FilesInProgress"));
      PfimbiClusters.awaitReplicas(cluster, file, 1, Duration.ofSeconds(60));
    }
  }

  /**
   * An erasure-coded file has no replication to raise (HDFS reports 1 and ignores {@code setReplication} on it), so
   * a request over its directory does not apply to it: the coordinator leaves it alone, whether a write notes it or
   * a sweep finds it. Until session 51 every sweep took it for a file left below its target, tracked it, asked for
   * copies of its block groups and "raised" it with a call HDFS ignores, over and over.
   */
  @Test
  void erasureCodedFileInAMarkedDirectory_isNeverTracked_bySweepsOrWrites() throws Exception {
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("six-disks"),
        PfimbiClusters.withPfimbi(dir).with(PfimbiConfig.SWEEP_INTERVAL_MS_KEY, "500"))) {
      org.apache.hadoop.fs.Path ec = new org.apache.hadoop.fs.Path("/jobs/ec");
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(ec, "part-0");
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        fs.mkdirs(ec);
        PfimbiFiles.mark(fs, ec, SPEC);
        fs.enableErasureCodingPolicy(EC_POLICY);
        fs.setErasureCodingPolicy(ec, EC_POLICY);
        try (FSDataOutputStream out = fs.create(file)) {
          out.write(content(4, 5));
        }
        assertTrue(fs.getFileStatus(file).isErasureCoded());
      }
      long sweeps = coordinator("SweepsCompleted");
      awaitCoordinator("SweepsCompleted", n -> n >= sweeps + 3, "three sweeps after the write");
      assertEquals(0L, coordinator("FilesTracked"), "tracked");
      assertEquals(0L, coordinator("FilesRecovered"), "taken for a file left below its target");
      assertEquals(0L, coordinator("BlocksStarted"), "background copies asked for");
      assertEquals(0L, coordinator("LastSweepFilesBelowTarget"), "counted below its target");
      assertContent(cluster, file, 4, 5);
    }
  }

  private static long coordinator(String attribute) throws Exception {
    Object v = ManagementFactory.getPlatformMBeanServer().getAttribute(
        new ObjectName("Hadoop:service=NameNode,name=ReplicaKitPfimbi"), attribute);
    return ((Number) v).longValue();
  }

  private static void awaitCoordinator(String attribute, java.util.function.LongPredicate until, String what)
      throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (!until.test(coordinator(attribute))) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(what + ": " + attribute + " = " + coordinator(attribute));
      }
      Thread.sleep(200);
    }
  }

  private static void writeAtReplicationOne(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, int blocks,
      int seed) throws Exception {
    try (FSDataOutputStream out = fs.create(file, true, 4096, (short) 1, PfimbiClusters.BLOCK)) {
      out.write(content(blocks, seed));
    }
  }

  private static byte[] content(int blocks, int seed) {
    byte[] data = new byte[blocks * PfimbiClusters.BLOCK - 100];
    new Random(seed).nextBytes(data);
    return data;
  }

  private static void assertContent(EmbeddedCluster cluster, org.apache.hadoop.fs.Path file, int blocks, int seed)
      throws Exception {
    byte[] expected = content(blocks, seed);
    byte[] actual = new byte[expected.length];
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster());
        FSDataInputStream in = fs.open(file)) {
      in.readFully(0, actual);
    }
    assertArrayEquals(expected, actual, "content of " + file);
  }
}
