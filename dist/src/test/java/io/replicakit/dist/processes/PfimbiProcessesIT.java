/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pfimbi installed from {@code conf/pfimbi-hdfs-site.xml} on a NameNode and DataNodes of their own processes: a file
 * written with one replica into a directory marked {@code n=3;s=1} ends with three live replicas, copied in the
 * background by the DataNodes' Replication Managers, and {@code hadoop jar replicakit.jar pfimbi-check} finds
 * nothing left below its target. The activity source is the testbed's emulated devices, which are these
 * DataNodes' disks.
 */
class PfimbiProcessesIT {

  private static final org.apache.hadoop.fs.Path JOBS = new org.apache.hadoop.fs.Path("/jobs");

  @TempDir
  static Path dir;

  private static Cluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = Cluster.start(ProcessClusters.spec("pfimbi", 3, 3, "DISK"),
        ProcessClusters.options(dir)
            .withSiteFile(ProcessClusters.sample("pfimbi-hdfs-site.xml"))
            .with("replicakit.pfimbi.rpc.address", "0.0.0.0:" + ProcessClusters.freePort())
            .with("replicakit.pfimbi.activity.source", "testbed")
            .with("replicakit.pfimbi.buffer.bytes", "64m"));
  }

  @AfterAll
  static void stop() {
    ProcessClusters.stop(cluster, dir);
  }

  @Test
  void markedDirectory_endsAtItsFullReplication_copiedByTheReplicationManagers() throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(JOBS, "part-0");
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      fs.mkdirs(JOBS);
      fs.setXAttr(JOBS, "user.replicakit.pfimbi", "n=3;s=1;flow=it;weight=1".getBytes(StandardCharsets.UTF_8));
      try (FSDataOutputStream out = fs.create(file, (short) 1)) {
        out.write(new byte[(int) (4 * ProcessClusters.BLOCK)]);
      }
      cluster.waitForLiveReplicas(JOBS, 3, Duration.ofMinutes(2));
      // The coordinator raises the replication factor once the copies are reported, moments after the last one.
      long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
      while (fs.getFileStatus(file).getReplication() != 3 && System.nanoTime() < deadline) {
        Thread.sleep(200);
      }
      FileStatus status = fs.getFileStatus(file);
      assertEquals(3, status.getReplication(), "the file's replication is raised to n");
    }
    ProcessClusters.ToolRun check = ProcessClusters.hadoopJar("pfimbi-check", "-fs", cluster.uri().toString(),
        "/jobs");
    assertEquals(0, check.code(), check.output());
    assertTrue(ProcessClusters.log(dir, "namenode").contains("ReplicaKit Pfimbi coordinator started"));
    String managers = ProcessClusters.log(dir, "dn01") + ProcessClusters.log(dir, "dn02")
        + ProcessClusters.log(dir, "dn03");
    assertTrue(managers.contains("ReplicaKit Pfimbi Replication Manager listening"), "managers started");
  }
}
