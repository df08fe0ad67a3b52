/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.write.WriteConfig;
import io.replicakit.write.WriteMode;
import io.replicakit.write.WriteModeFileSystem;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.io.IOUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parallel writes against real DataNode processes: {@code conf/write-approaches-hdfs-site.xml} puts the write relay
 * in every DataNode process, loaded from the installable jar; a client on a DataNode's address writes one file in
 * {@code master-slave} mode (through that node's relay) and one in {@code broadcast}; both read back identical
 * through HDFS's stock client and reach three live replicas.
 */
class WriteApproachesProcessesIT {

  @TempDir
  static Path dir;

  private static Cluster cluster;
  private static int relayPort;

  @BeforeAll
  static void start() throws Exception {
    relayPort = ProcessClusters.freePort();
    cluster = Cluster.start(ProcessClusters.spec("write", 3, 3, "DISK"),
        ProcessClusters.options(dir)
            .withSiteFile(ProcessClusters.sample("write-approaches-hdfs-site.xml"))
            .with(WriteConfig.RELAY_ADDRESS.name(), "0.0.0.0:" + relayPort)
            .with(WriteConfig.ABORT_ON_ERROR.name(), "true"));
  }

  @AfterAll
  static void stop() {
    ProcessClusters.stop(cluster, dir);
  }

  @Test
  void relayInDataNodeProcesses_andBroadcast_writeFilesThatReadBackWithThreeReplicas() throws Exception {
    for (WriteMode mode : new WriteMode[] {WriteMode.MASTER_SLAVE, WriteMode.BROADCAST}) {
      byte[] data = new byte[(int) (3 * ProcessClusters.BLOCK) + 777];
      new Random(mode.ordinal()).nextBytes(data);
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/w/" + mode.key());
      Configuration conf = cluster.clientConf(ClientPlacement.onNode("dn01"));
      conf.set("fs.hdfs.impl", WriteModeFileSystem.class.getName());
      conf.setBoolean("fs.hdfs.impl.disable.cache", true);
      conf.set(WriteConfig.MODE.name(), mode.key());
      try (FileSystem fs = FileSystem.get(cluster.uri(), conf); FSDataOutputStream out = fs.create(file, (short) 3)) {
        assertEquals("FanOutOutputStream", out.getWrappedStream().getClass().getSimpleName());
        out.write(data);
      }
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster());
          FSDataInputStream in = fs.open(file)) {
        ByteArrayOutputStream back = new ByteArrayOutputStream();
        IOUtils.copyBytes(in, back, 64 * 1024);
        assertArrayEquals(data, back.toByteArray(), mode + " read back");
      }
      cluster.waitForLiveReplicas(file, 3, Duration.ofMinutes(1));
    }
    assertTrue(ProcessClusters.log(dir, "dn01").contains("ReplicaKit write relay (master/slave) listening on"),
        "the relay ran in the DataNode process");
  }
}
