/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DaemonConfsTest {

  @TempDir
  Path dir;

  private final ClusterSpec oneSsd = ClusterSpecs.load("one-ssd");

  @Test
  void dataNode_getsItsAddressDataDirsByStorageTypeAndTheControlPlugin() {
    DaemonConfs confs = new DaemonConfs(oneSsd, ClusterOptions.in(dir)
        .with("dfs.datanode.plugins", "io.example.Plugin"), 8020);
    Map<String, String> dn = confs.dataNode(oneSsd.dataNode("dn02"), ClusterOptions.in(dir));
    assertEquals("127.0.0.12:0", dn.get("dfs.datanode.address"));
    assertEquals("127.0.0.12", dn.get("dfs.datanode.hostname"));
    assertEquals("[SSD]" + dir.resolve("data/dn02/vol1").toUri() + ",[DISK]" + dir.resolve("data/dn02/vol2").toUri(),
        dn.get("dfs.datanode.data.dir"));
    assertEquals("io.example.Plugin,io.replicakit.testbed.daemon.DataNodeControlPlugin",
        dn.get("dfs.datanode.plugins"));
    assertEquals("hdfs://127.0.0.1:8020", dn.get("fs.defaultFS"));
  }

  @Test
  void nameNode_keepsRestartSettings_andRunsTheSameHdfsAsTheEmbeddedMode() {
    DaemonConfs confs = new DaemonConfs(oneSsd, ClusterOptions.in(dir), 8020);
    Map<String, String> nn = confs.nameNode(Map.of("replicakit.read.policy", "wrr"));
    assertEquals("wrr", nn.get("replicakit.read.policy"));
    assertEquals("127.0.0.1:8020", nn.get("dfs.namenode.rpc-address"));
    assertEquals("0", nn.get("dfs.namenode.safemode.extension"));
    assertEquals("false", nn.get("dfs.namenode.redundancy.considerLoad"));
    assertEquals("io.replicakit.testbed.daemon.NameNodeControlPlugin", nn.get("dfs.namenode.plugins"));
    assertEquals("127.0.0.1:0", nn.get("dfs.namenode.http-address"));
  }

  @Test
  void aFixedWebPort_isInEveryClientsConfiguration_soFsckFindsTheNameNode() {
    DaemonConfs confs = new DaemonConfs(oneSsd, ClusterOptions.in(dir), 8020, 9871);
    assertEquals("127.0.0.1:9871", confs.nameNode(Map.of()).get("dfs.namenode.http-address"));
    assertEquals("127.0.0.1:9871", confs.clientBase().get("dfs.namenode.http-address"));
  }

  @Test
  void userSettings_winOverTheEmbeddedDefaults_andReplicationIsCappedByTheNodes() {
    DaemonConfs confs = new DaemonConfs(ClusterSpecs.load("small"), ClusterOptions.in(dir)
        .with("dfs.namenode.redundancy.considerLoad", "true").with("dfs.replication", "9"), 8020);
    assertEquals("true", confs.common().get("dfs.namenode.redundancy.considerLoad"));
    assertEquals("5", confs.common().get("dfs.replication"));
  }

  @Test
  void replicationThatIsNoNumber_isRefusedNamingTheKeyAndTheAllowedRange() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DaemonConfs(
        ClusterSpecs.load("small"), ClusterOptions.in(dir).with("dfs.replication", "three"), 8020));
    assertTrue(e.getMessage().contains("dfs.replication"), e.getMessage());
    assertTrue(e.getMessage().contains("1 to 512"), e.getMessage());
    assertTrue(e.getMessage().contains("'three'"), e.getMessage());
  }

  @Test
  void replicationZero_isRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DaemonConfs(
        ClusterSpecs.load("small"), ClusterOptions.in(dir).with("dfs.replication", "0"), 8020));
    assertTrue(e.getMessage().contains("dfs.replication"), e.getMessage());
  }

  @Test
  void write_splitsCoreAndHdfsKeys_andAddsTheDaemonLog4jFile() throws Exception {
    DaemonConfs.write(dir, Map.of("fs.defaultFS", "hdfs://127.0.0.1:1", "dfs.blocksize", "1048576"));
    String core = Files.readString(dir.resolve("core-site.xml"));
    String hdfs = Files.readString(dir.resolve("hdfs-site.xml"));
    assertTrue(core.contains("fs.defaultFS") && !core.contains("dfs.blocksize"), core);
    assertTrue(hdfs.contains("dfs.blocksize") && !hdfs.contains("fs.defaultFS"), hdfs);
    assertTrue(Files.readString(dir.resolve("log4j.properties")).contains("${hadoop.log.dir}/${hadoop.log.file}"));
    assertFalse(DaemonConfs.isCoreKey("replicakit.metrics.server.address"));
  }
}
