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
import io.replicakit.pfimbi.datanode.ReplicationManagerPlugin;
import io.replicakit.pfimbi.rpc.BlockAvailable;
import io.replicakit.pfimbi.rpc.NodeRef;
import io.replicakit.pfimbi.rpc.RmClient;
import io.replicakit.testbed.net.Ports;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.util.ExitUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Replication Manager plugin started on a real DataNode while its side-channel port is taken: by default the
 * DataNode keeps running without Pfimbi and the failure is counted; with {@code abort.on.error} it is stopped.
 */
class ReplicationManagerStartupIT {

  private static final long VOLUME_BYTES = 64L << 20;

  @TempDir
  Path dir;

  private ServerSocket taken;
  private MiniDFSCluster cluster;

  @BeforeEach
  void takePortAndStartDataNode() throws Exception {
    ExitUtil.disableSystemExit();
    taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    Configuration conf = new Configuration();
    conf.set(PfimbiConfig.RPC_ADDRESS_KEY, "127.0.0.1:" + taken.getLocalPort());
    conf.set(PfimbiConfig.ACTIVITY_DIRTY_KEY, "false");
    // A small volume, so that a block of a size a Replication Manager may hold still does not fit on it.
    cluster = new MiniDFSCluster.Builder(conf, dir.toFile()).numDataNodes(1)
        .storagesPerDatanode(1).storageCapacities(new long[] {VOLUME_BYTES}).build();
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
  void portConflict_byDefault_keepsTheDataNodeUp_withoutPfimbi_andCountsIt() throws Exception {
    DataNode dn = cluster.getDataNodes().get(0);
    long before = PluginStartup.failures(ReplicationManagerPlugin.FEATURE);
    ReplicationManagerPlugin plugin = new ReplicationManagerPlugin();

    plugin.start(dn);

    assertFalse(plugin.running());
    assertEquals(before + 1, PluginStartup.failures(ReplicationManagerPlugin.FEATURE));
    assertFalse(ExitUtil.terminateCalled());
    assertTrue(dn.isDatanodeUp());
    cluster.getFileSystem().create(new org.apache.hadoop.fs.Path("/still-serving")).close();
    plugin.stop();
  }

  @Test
  void portConflict_withAbortOnError_stopsTheDaemon_namingTheCause() {
    DataNode dn = cluster.getDataNodes().get(0);
    dn.getConf().setBoolean(PfimbiConfig.ABORT_ON_ERROR_KEY, true);
    ReplicationManagerPlugin plugin = new ReplicationManagerPlugin();

    ExitUtil.ExitException exit = assertThrows(ExitUtil.ExitException.class, () -> plugin.start(dn));

    assertTrue(exit.getMessage().contains("Pfimbi Replication Manager cannot start"), exit.getMessage());
    assertTrue(exit.getMessage().toLowerCase().contains("address already in use")
        || exit.getMessage().contains("BindException"), exit.getMessage());
    assertFalse(plugin.running());
  }

  @Test
  void onAFreePort_itServes_registersItsMetrics_refusesABlockTheVolumesCannotHold_andUnregistersOnStop()
      throws Exception {
    DataNode dn = cluster.getDataNodes().get(0);
    int port = Ports.free();
    dn.getConf().set(PfimbiConfig.RPC_ADDRESS_KEY, "127.0.0.1:" + port);
    ReplicationManagerPlugin plugin = new ReplicationManagerPlugin();
    plugin.start(dn);
    try (RmClient client = new RmClient(dn.getConf(), port, 5_000)) {
      assertTrue(plugin.running());
      String source = plugin.metricsSourceName().orElseThrow();
      assertNotNull(DefaultMetricsSystem.instance().getSource(source));

      NodeRef upstream = new NodeRef("uuid-up", "127.0.0.1", "localhost", 9866, 9867, 9864, "DISK");
      BlockAvailable huge = new BlockAvailable(cluster.getNamesystem().getBlockPoolId(), 1L << 40, 1,
          4 * VOLUME_BYTES,
          upstream, "it", 1.0, 2, "DISK", List.of());
      Optional<String> refused = client.notify("127.0.0.1", huge);

      assertTrue(refused.isPresent() && refused.get().contains("not enough space on DISK"), refused.toString());
      assertEquals(1, client.status("127.0.0.1").getManagers(0).getRefusedNoSpace());
      plugin.stop();
      assertNull(DefaultMetricsSystem.instance().getSource(source));
    } finally {
      plugin.stop();
    }
  }
}
