/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.config.RegistrySettings;
import io.replicakit.metrics.datanode.MetricsReporterPlugin;
import io.replicakit.metrics.registry.NodeDirectory;
import io.replicakit.metrics.registry.NodeStatus;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.metrics.rpc.MetricsServer;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.net.Ports;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DataNodes whose NameNode plugin is not there: HDFS keeps working (heartbeats, writes, reads), and once a
 * metrics server appears on the port, every reporter finds it within its backoff ceiling.
 */
class ReporterReconnectIT {

  private static final long BACKOFF_MAX_MS = 4000;

  @TempDir
  Path dir;

  @Test
  void missingNameNodePlugin_leavesHdfsWorking_andReportersReconnectWithinTheBackoffCeiling() throws Exception {
    int port = Ports.free();
    ClusterOptions options = ClusterOptions.in(dir)
        .with(DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, MetricsReporterPlugin.class.getName())
        .with(MetricsConfig.SERVER_ADDRESS_KEY, "127.0.0.1:" + port)
        .with(MetricsConfig.INTERVAL_MS_KEY, Long.toString(MetricsClusters.INTERVAL_MS))
        .with(MetricsConfig.BACKOFF_MAX_MS_KEY, Long.toString(BACKOFF_MAX_MS))
        .with(MetricsConfig.VOLUME_SOURCE_KEY, "testbed");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(ClusterSpecs.load("small"), options)) {
      // Several failed rounds per DataNode, so every reporter is deep in its backoff.
      Thread.sleep(3 * BACKOFF_MAX_MS / 2);
      byte[] data = new byte[300_000];
      new java.util.Random(7).nextBytes(data);
      try (FileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/f"))) {
          out.write(data);
        }
        byte[] back = new byte[data.length];
        try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/f"))) {
          in.readFully(back);
        }
        assertArrayEquals(data, back);
      }
      assertEquals(5, cluster.liveDataNodes().size(), "every DataNode keeps heartbeating");

      SystemStateRegistry registry = new SystemStateRegistry(System::currentTimeMillis, 3, uuid -> NodeStatus.LIVE);
      Set<String> uuids = cluster.spec().dataNodes().stream()
          .map(dn -> cluster.dataNode(dn.name()).orElseThrow().getDatanodeUuid()).collect(Collectors.toSet());
      long started = System.currentTimeMillis();
      try (MetricsServer server = MetricsServer.start(new Configuration(false),
          new RegistrySettings(new InetSocketAddress("127.0.0.1", port), 2, 3, 65536, 1000), registry,
          registeredIps(cluster))) {
        long deadline = started + BACKOFF_MAX_MS + 2 * MetricsClusters.INTERVAL_MS + 3000;
        while (!uuids.stream().allMatch(u -> registry.fresh(u).isPresent())) {
          if (System.currentTimeMillis() > deadline) {
            throw new AssertionError("reporters did not reconnect: " + registry.all());
          }
          Thread.sleep(50);
        }
      }
    }
  }

  /** Every UUID live; IPs as the cluster's NameNode registered them (reports are checked against them). */
  private static NodeDirectory registeredIps(EmbeddedCluster cluster) {
    DatanodeManager manager = cluster.miniCluster().getNamesystem().getBlockManager().getDatanodeManager();
    return new NodeDirectory() {
      @Override
      public NodeStatus status(String datanodeUuid) {
        return NodeStatus.LIVE;
      }

      @Override
      public Optional<NodeAddress> address(String datanodeUuid) {
        return Optional.empty();
      }

      @Override
      public Optional<String> ipAddress(String datanodeUuid) {
        return Optional.ofNullable(manager.getDatanode(datanodeUuid)).map(d -> d.getIpAddr());
      }
    };
  }
}
