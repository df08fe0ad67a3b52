/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ReplicaKit's own placement policy and the placement analysis on a cluster of real daemons:
 * {@code conf/placement-policies-hdfs-site.xml} with the {@code balanced} policy it documents under the spread rack
 * rule, loaded by the NameNode process from the installable jar, and {@code hadoop jar replicakit.jar report}
 * reading the cluster through the NameNode's client API and judging it by that same policy.
 */
class ReportProcessesIT {

  @TempDir
  static Path dir;

  private static Cluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = Cluster.start(ProcessClusters.spec("report", 3, 3, "DISK"),
        ProcessClusters.options(dir)
            .withSiteFile(ProcessClusters.sample("placement-policies-hdfs-site.xml"))
            .with("dfs.block.replicator.classname", "io.replicakit.placement.policy.BalancedBlockPlacementPolicy")
            .with("replicakit.placement.rack-rule", "spread"));
  }

  @AfterAll
  static void stop() {
    ProcessClusters.stop(cluster, dir);
  }

  @Test
  void ownPolicy_placesInANameNodeProcess_andReportJudgesItsPlacement() throws Exception {
    org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path("/data/f");
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode("dn01"))) {
      try (FSDataOutputStream out = fs.create(data, (short) 3)) {
        out.write(new byte[(int) (4 * ProcessClusters.BLOCK)]);
      }
    }
    cluster.waitForLiveReplicas(data, 3, Duration.ofMinutes(1));
    assertTrue(ProcessClusters.log(dir, "namenode").contains("ReplicaKit balanced placement: "));
    ProcessClusters.ToolRun report = ProcessClusters.hadoopJar("report", "-D", "replicakit.placement.rack-rule=spread",
        "-fs", cluster.uri().toString(), "-policy", "balanced", "/data");
    assertEquals(0, report.code(), report.output());
    assertTrue(report.output().contains("files: 1, blocks: 4, counted nodes: 3"), report.output());
    for (String rack : new String[] {"/r1", "/r2", "/r3"}) {
      assertTrue(report.output().contains(rack), report.output());
    }
    // Three replicas on three racks: HDFS's default would use two; the spread rule of the policy the NameNode
    // process loaded uses three.
    assertTrue(report.output().contains("blocks in unique racks: 100.00%"), report.output());
    assertTrue(report.output().contains("blocks violating the placement policy: 0.00%"), report.output());
  }
}
