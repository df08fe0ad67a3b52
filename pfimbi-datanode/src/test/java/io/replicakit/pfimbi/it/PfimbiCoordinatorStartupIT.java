/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.PluginStartup;
import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.namenode.PfimbiNameNodePlugin;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.blockmanagement.PfimbiPlacementPolicy;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.util.ExitUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The coordinator plugin started on a real NameNode: without the placement wrapper it does not start, and by
 * default the NameNode keeps serving (the failure counted); with {@code abort.on.error} the NameNode is stopped;
 * with the wrapper it starts, publishes its metrics, and withdraws them when it stops.
 */
class PfimbiCoordinatorStartupIT {

  private static final String SOURCE = "ReplicaKitPfimbiCoordinator";

  @TempDir
  Path dir;

  private MiniDFSCluster cluster;

  @BeforeEach
  void disableExit() {
    ExitUtil.disableSystemExit();
  }

  @AfterEach
  void stop() {
    ExitUtil.resetFirstExitException(); // the abort test's exit was expected
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @Test
  void withoutThePlacementWrapper_byDefault_theNameNodeKeepsServing_andTheFailureIsCounted() throws Exception {
    NameNode nameNode = start(new Configuration());
    long before = PluginStartup.failures("PfimbiCoordinator");
    PfimbiNameNodePlugin plugin = new PfimbiNameNodePlugin();

    plugin.start(nameNode);

    assertEquals(before + 1, PluginStartup.failures("PfimbiCoordinator"));
    assertFalse(ExitUtil.terminateCalled());
    assertNull(DefaultMetricsSystem.instance().getSource(SOURCE));
    cluster.getFileSystem().create(new org.apache.hadoop.fs.Path("/still-serving")).close();
    plugin.stop();
  }

  @Test
  void withoutThePlacementWrapper_withAbortOnError_stopsTheNameNode_namingTheKey() throws Exception {
    NameNode nameNode = start(new Configuration());
    nameNode.getConf().setBoolean(PfimbiConfig.ABORT_ON_ERROR_KEY, true);
    PfimbiNameNodePlugin plugin = new PfimbiNameNodePlugin();

    ExitUtil.ExitException exit = assertThrows(ExitUtil.ExitException.class, () -> plugin.start(nameNode));

    assertTrue(exit.getMessage().contains(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY), exit.getMessage());
  }

  @Test
  void withTheWrapper_itStarts_publishesItsMetrics_andWithdrawsThemOnStop() throws Exception {
    Configuration conf = new Configuration();
    conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, PfimbiPlacementPolicy.class.getName());
    NameNode nameNode = start(conf);
    PfimbiNameNodePlugin plugin = new PfimbiNameNodePlugin();

    plugin.start(nameNode);
    try {
      assertNotNull(DefaultMetricsSystem.instance().getSource(SOURCE));
      assertFalse(ExitUtil.terminateCalled());
    } finally {
      plugin.stop();
    }
    assertNull(DefaultMetricsSystem.instance().getSource(SOURCE));
  }

  private NameNode start(Configuration conf) throws Exception {
    cluster = new MiniDFSCluster.Builder(conf, dir.toFile()).numDataNodes(1).build();
    cluster.waitActive();
    return cluster.getNameNode();
  }
}
