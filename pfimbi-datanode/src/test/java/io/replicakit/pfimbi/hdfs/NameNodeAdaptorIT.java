/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.rpc.NodeRef;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.Block;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataNodeTestUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NameNode adaptor's answers that depend on what the NameNode knows of replicas, against a real NameNode: where
 * a copy may be fetched from, and which storages have not reported their blocks.
 */
class NameNodeAdaptorIT {

  private static final int BLOCK = 1024 * 1024;

  @TempDir
  Path dir;

  private MiniDFSCluster cluster;
  private NameNodeAdaptor adaptor;

  @BeforeEach
  void startCluster() throws Exception {
    Configuration conf = new Configuration();
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    cluster = new MiniDFSCluster.Builder(conf, dir.toFile()).numDataNodes(3).build();
    cluster.waitActive();
    adaptor = new NameNodeAdaptor(cluster.getNameNode());
  }

  @AfterEach
  void stopCluster() {
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  /**
   * A file lowered to replication 1 has one replica deleted as excess; while the deletion has not reached its
   * DataNode (heartbeats held), that replica is still listed, and a copy fetched from it would fail.
   */
  @Test
  void holder_ofAReplicaTheNameNodeDeletesAsExcess_isAnotherLiveReplica() throws Exception {
    DistributedFileSystem fs = cluster.getFileSystem();
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/excess");
    try (FSDataOutputStream out = fs.create(file, (short) 2)) {
      out.write(new byte[BLOCK / 2]);
    }
    await(() -> block(fs, file).getLocations().length, 2, "two replicas");
    long blockId = block(fs, file).getBlock().getBlockId();
    for (DataNode dn : cluster.getDataNodes()) {
      DataNodeTestUtils.setHeartbeatsDisabledForTests(dn, true); // the deletion stays undelivered
    }

    fs.setReplication(file, (short) 1);

    BlockManager bm = cluster.getNamesystem().getBlockManager();
    BlockInfo stored = bm.getStoredBlock(new Block(blockId));
    List<String> excess = new ArrayList<>();
    List<String> kept = new ArrayList<>();
    for (DatanodeStorageInfo storage : bm.getStorages(stored)) {
      DatanodeDescriptor node = storage.getDatanodeDescriptor();
      (bm.isExcess(node, stored) ? excess : kept).add(node.getDatanodeUuid());
    }
    assertEquals(1, excess.size(), "one replica chosen as excess, still listed: " + excess + " " + kept);
    assertEquals(1, kept.size());

    NodeRef source = adaptor.holder(blockId, excess.get(0)).orElseThrow();
    assertEquals(kept.get(0), source.datanodeUuid(), "the replica that stays");
    assertEquals(kept.get(0), adaptor.holder(blockId, kept.get(0)).orElseThrow().datanodeUuid());
    assertNotEquals(excess.get(0), source.datanodeUuid());
  }

  @Test
  void unreportedStorages_countAStorageFromWhenItsContentsAreStale_untilItsNextBlockReport() throws Exception {
    assertEquals(0, adaptor.unreportedStorages(), "every DataNode reported when the cluster came up");
    DataNode dn = cluster.getDataNodes().get(0);
    DatanodeDescriptor descriptor = cluster.getNamesystem().getBlockManager().getDatanodeManager()
        .getDatanode(dn.getDatanodeUuid());
    DatanodeStorageInfo[] storages = descriptor.getStorageInfos();
    assertTrue(storages.length > 0);

    for (DatanodeStorageInfo storage : storages) {
      storage.setBlockContentsStale(true); // what a NameNode that becomes active does to every storage
    }
    assertEquals(storages.length, adaptor.unreportedStorages());

    DataNodeTestUtils.triggerBlockReport(dn);
    await(adaptor::unreportedStorages, 0, "the DataNode's block report");
  }

  private LocatedBlock block(DistributedFileSystem fs, org.apache.hadoop.fs.Path file) throws Exception {
    return fs.getClient().getLocatedBlocks(file.toUri().getPath(), 0).get(0);
  }

  @FunctionalInterface
  private interface Probe {
    int get() throws Exception;
  }

  private static void await(Probe probe, int expected, String what) throws Exception {
    long deadline = System.nanoTime() + 30_000_000_000L;
    int last = probe.get();
    while (last != expected) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("waited 30 s for " + what + ": " + last + ", not " + expected);
      }
      Thread.sleep(100);
      last = probe.get();
    }
  }
}
