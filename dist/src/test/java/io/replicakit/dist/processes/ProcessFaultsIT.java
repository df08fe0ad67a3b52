/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ProcessCluster;
import io.replicakit.testbed.device.VolumeStats;
import io.replicakit.testbed.process.DaemonProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The testbed's fault API on a cluster of real daemon processes: a DataNode killed with SIGKILL is declared dead at
 * once and its blocks are re-replicated, a restarted one rejoins on its address, a NameNode restart keeps the data,
 * devices live in each DataNode's process and are driven from here, and closing the cluster leaves no process.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ProcessFaultsIT {

  private static final org.apache.hadoop.fs.Path FILE = new org.apache.hadoop.fs.Path("/faults/data");
  private static final Duration TIMEOUT = Duration.ofSeconds(120);
  private static final int MIB = 1024 * 1024;

  @TempDir
  static Path dir;

  private static ProcessCluster cluster;

  @BeforeAll
  static void startAndWrite() throws Exception {
    cluster = (ProcessCluster) Cluster.start(ProcessClusters.spec("faults", 4, 2, "DISK"),
        ProcessClusters.options(dir));
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode("dn02"))) {
      try (FSDataOutputStream out = fs.create(FILE, true, 64 * 1024, (short) 3, ProcessClusters.BLOCK)) {
        out.write(new byte[4 * MIB]);
      }
    }
    cluster.waitForLiveReplicas(FILE, 3, TIMEOUT);
  }

  @AfterAll
  static void closeAndCheck() {
    if (cluster != null) {
      cluster.close();
    }
    ProcessClusters.assertNoDaemonLeft(dir);
  }

  @Test
  @Order(1)
  void daemons_areSeparateJvmsOfTheRealMainClassesFromTheJar() throws Exception {
    assertEquals(ClusterMode.PROCESSES, cluster.mode());
    String nameNode = cluster.nameNodeProcess().command().argv(1).toString();
    assertTrue(nameNode.contains("org.apache.hadoop.hdfs.server.namenode.NameNode"), nameNode);
    assertTrue(nameNode.contains("replicakit-0.1.0-SNAPSHOT.jar"), nameNode);
    assertFalse(nameNode.contains("target/classes"), "no build class folder on a daemon's class path: " + nameNode);
    assertNotEquals(ProcessHandle.current().pid(), cluster.dataNodeProcess("dn01").pid());
    String conf = Files.readString(dir.resolve("conf/dn01/hdfs-site.xml"));
    assertTrue(conf.contains("127.0.0.11"), "dn01 serves on its own address");
    assertTrue(Files.readString(dir.resolve("logs/dn01.log")).contains("successfully registered with NN"));
  }

  @Test
  @Order(2)
  void devices_countTheWritesOfTheirDataNodeProcess() {
    long written = cluster.devices("dn02").stats().stream().mapToLong(VolumeStats::writeBytes).sum();
    assertTrue(written >= 4L * MIB, "the writer's node holds a replica of every block: " + written);
  }

  @Test
  @Order(3)
  void killDataNode_sigkillsItsProcess_andItsBlocksGetReplicatedElsewhere() throws Exception {
    DaemonProcess victim = cluster.dataNodeProcess("dn01");
    cluster.killDataNode("dn01");
    assertFalse(victim.isAlive());
    assertFalse(cluster.liveDataNodes().contains("dn01"), "declared dead at once, not after heartbeat expiry");
    cluster.waitForLiveReplicas(FILE, 3, TIMEOUT);

    cluster.restartDataNode("dn01");
    assertNotEquals(victim.pid(), cluster.dataNodeProcess("dn01").pid());
    assertEquals(Set.of("dn01", "dn02", "dn03", "dn04"), cluster.liveDataNodes());
  }

  @Test
  @Order(4)
  void fillDisks_reportsNoSpaceLeftThroughTheDataNodeProcess_untilCleared() throws Exception {
    cluster.fillDisks("dn03");
    assertEquals(0, remaining("127.0.0.13"));
    cluster.clearDisks("dn03");
    assertTrue(remaining("127.0.0.13") > 0);
  }

  @Test
  @Order(5)
  void restartNameNode_keepsTheNamespaceBlocksAndDataNodes_withTheNewSetting() throws Exception {
    long before = cluster.nameNodeProcess().pid();
    cluster.restartNameNode(Map.of("dfs.namenode.replication.max-streams", "7"));
    assertNotEquals(before, cluster.nameNodeProcess().pid());
    assertTrue(Files.readString(dir.resolve("conf/namenode/hdfs-site.xml"))
        .contains("<name>dfs.namenode.replication.max-streams</name><value>7</value>"));
    assertEquals(Set.of("dn01", "dn02", "dn03", "dn04"), cluster.liveDataNodes());
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster());
         FSDataInputStream in = fs.open(FILE)) {
      byte[] data = in.readAllBytes();
      assertEquals(4 * MIB, data.length);
    }
  }

  @Test
  @Order(6)
  void stopDataNode_sendsSigterm_andTheNodeCanComeBack() throws Exception {
    DaemonProcess node = cluster.dataNodeProcess("dn04");
    cluster.stopDataNode("dn04");
    assertFalse(node.isAlive());
    assertFalse(cluster.liveDataNodes().contains("dn04"));
    cluster.restartDataNode("dn04");
    assertTrue(cluster.liveDataNodes().contains("dn04"));
  }

  private static long remaining(String ip) throws Exception {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      return Arrays.stream(fs.getDataNodeStats(DatanodeReportType.LIVE)).filter(d -> d.getIpAddr().equals(ip))
          .mapToLong(DatanodeInfo::getRemaining).findFirst().orElseThrow();
    }
  }
}
