/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.PluginStartup;
import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.datanode.MetricsReporterPlugin;
import io.replicakit.metrics.namenode.SystemStatePlugin;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.util.ExitUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real plugins started on a real NameNode and DataNode when they cannot start: the registry's port taken, the
 * reporter's counter source missing. By default the daemon keeps serving and the failure is counted; with
 * {@code replicakit.metrics.abort.on.error} the daemon is stopped.
 */
class PluginStartupIT {

  @TempDir
  Path dir;

  private ServerSocket taken;
  private MiniDFSCluster cluster;

  @BeforeEach
  void takePortAndStartCluster() throws Exception {
    ExitUtil.disableSystemExit();
    taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    Configuration conf = new Configuration();
    conf.set(MetricsConfig.SERVER_ADDRESS_KEY, "127.0.0.1:" + taken.getLocalPort());
    cluster = new MiniDFSCluster.Builder(conf, dir.toFile()).numDataNodes(1).build();
    cluster.waitActive();
  }

  @AfterEach
  void stop() throws Exception {
    ExitUtil.resetFirstExitException(); // the abort tests' exit was expected; MiniDFSCluster checks for others
    if (cluster != null) {
      cluster.shutdown();
    }
    taken.close();
  }

  @Test
  void registryPortTaken_byDefault_keepsTheNameNodeUp_andCountsIt() throws Exception {
    NameNode nn = cluster.getNameNode();
    long before = PluginStartup.failures(SystemStatePlugin.FEATURE);
    SystemStatePlugin plugin = new SystemStatePlugin();

    plugin.start(nn);

    assertFalse(plugin.running());
    assertEquals(before + 1, PluginStartup.failures(SystemStatePlugin.FEATURE));
    assertFalse(ExitUtil.terminateCalled());
    cluster.getFileSystem().mkdirs(new org.apache.hadoop.fs.Path("/still-serving"));
    plugin.stop();
  }

  @Test
  void registryPortTaken_withAbortOnError_stopsTheNameNode() {
    NameNode nn = cluster.getNameNode();
    nn.getConf().setBoolean(MetricsConfig.ABORT_ON_ERROR_KEY, true);
    SystemStatePlugin plugin = new SystemStatePlugin();

    ExitUtil.ExitException exit = assertThrows(ExitUtil.ExitException.class, () -> plugin.start(nn));

    assertTrue(exit.getMessage().contains("system-state registry cannot start"), exit.getMessage());
    assertFalse(plugin.running());
  }

  @Test
  void reporterWithoutItsSource_byDefault_keepsTheDataNodeUp_andCountsIt() throws Exception {
    DataNode dn = cluster.getDataNodes().get(0);
    dn.getConf().set(MetricsConfig.VOLUME_SOURCE_KEY, "no-such-source");
    long before = PluginStartup.failures(MetricsReporterPlugin.FEATURE);
    MetricsReporterPlugin plugin = new MetricsReporterPlugin();

    plugin.start(dn);

    assertFalse(plugin.running());
    assertEquals(before + 1, PluginStartup.failures(MetricsReporterPlugin.FEATURE));
    assertTrue(dn.isDatanodeUp());
    cluster.getFileSystem().create(new org.apache.hadoop.fs.Path("/written")).close();
    plugin.stop();
  }

  @Test
  void reporterWithoutItsSource_withAbortOnError_stopsTheDataNode_namingTheKey() {
    DataNode dn = cluster.getDataNodes().get(0);
    dn.getConf().set(MetricsConfig.VOLUME_SOURCE_KEY, "no-such-source");
    dn.getConf().setBoolean(MetricsConfig.ABORT_ON_ERROR_KEY, true);
    MetricsReporterPlugin plugin = new MetricsReporterPlugin();

    ExitUtil.ExitException exit = assertThrows(ExitUtil.ExitException.class, () -> plugin.start(dn));

    assertTrue(exit.getMessage().contains(MetricsConfig.VOLUME_SOURCE_KEY), exit.getMessage());
  }
}
