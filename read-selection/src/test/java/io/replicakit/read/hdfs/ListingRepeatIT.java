/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.rpc.OwnLookups;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.testing.ReadRecipe;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.apache.hadoop.io.IOUtils;
import org.apache.hadoop.ipc.CallerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a real NameNode, what the topology's held records rely on: every {@code getBlockLocations} sorts the
 * listing's blocks and then the file's last block once more, all on its handler thread, so each listing's final
 * sort is the repeat. The {@code one-ssd} spec with one RPC handler, so that every call's sorts share a thread and
 * the repeat is settled as soon as the next call sorts; DRR by volume (which records reads) and WRR (which counts
 * turns).
 */
class ListingRepeatIT {

  private static final long BLOCK = 1024 * 1024;
  private static final int BLOCKS = 4;

  @TempDir
  java.nio.file.Path dir;

  @Test
  void blockByBlockRead_recordsEveryBlockOnce_andDropsEachListingsRepeat() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, options(spec, "drr"))) {
      ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) cluster.miniCluster().getNamesystem()
          .getBlockManager().getDatanodeManager().getNetworkTopology();
      byte[] data = write(cluster, new Path("/data/f"), BLOCKS);
      Map<String, Number> before = ReplicaKitNetworkTopologyTest.metrics(topology);

      assertArrayEquals(data, readBlockByBlock(cluster, new Path("/data/f"), data.length));
      // One more listing, so that the read's last repeat is dropped as well (a repeat is dropped when its
      // handler thread sorts for another call).
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        LocatedBlocks listing = fs.getClient().getLocatedBlocks("/data/f", 0, BLOCK);
        assertEquals(1, listing.locatedBlockCount());
        assertNotNull(listing.getLastLocatedBlock());
      }

      Map<String, Number> after = ReplicaKitNetworkTopologyTest.metrics(topology);
      assertEquals(2L * (BLOCKS + 1), delta(before, after, "BlocksOrdered"),
          "five listings of one block each, and each listing's repeat of the last block");
      assertEquals((long) BLOCKS, delta(before, after, "ReadsNotRecorded"),
          "the read's four repeats were ordered but not recorded; the last listing's is still held");
      assertEquals(0L, delta(before, after, "Fallbacks"));
    }
  }

  /**
   * Over real IPC: a client thread marked as ReplicaKit's own lookup (Pfimbi's coordinator, the placement report)
   * sends its caller context in the request header and the NameNode's handler makes it current, so the whole listing
   * is ordered but not booked as reads. Until session 54 its first eleven blocks were.
   */
  @Test
  void ownLookup_sendsItsMark_andNoneOfItsListingIsRecorded() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, options(spec, "drr"));
        DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      ReplicaKitNetworkTopology topology = (ReplicaKitNetworkTopology) cluster.miniCluster().getNamesystem()
          .getBlockManager().getDatanodeManager().getNetworkTopology();
      write(cluster, new Path("/data/lookup"), BLOCKS);
      Map<String, Number> before = ReplicaKitNetworkTopologyTest.metrics(topology);
      try {
        OwnLookups.markThisThread("it");
        assertEquals(BLOCKS, fs.getClient().getLocatedBlocks("/data/lookup", 0, Long.MAX_VALUE).locatedBlockCount());
      } finally {
        CallerContext.setCurrent(null);
      }
      fs.getClient().getLocatedBlocks("/data/lookup", 0, BLOCK); // settles the lookup's repeat on the one handler

      Map<String, Number> after = ReplicaKitNetworkTopologyTest.metrics(topology);
      assertEquals(BLOCKS + 1L, delta(before, after, "ReadsNotRecorded"),
          "the lookup's four blocks and its repeat; the unmarked listing's block is recorded, its repeat held");
      assertEquals(0L, delta(before, after, "Fallbacks"));
    }
  }

  /**
   * WRR at weight 1 alternates SSD and DISK. Read block by block, the NameNode sorts each block and then the repeat:
   * had the repeat kept its turn, every block read would have had the SSD turn and no byte would come from DISK.
   */
  @Test
  void wrr_blockByBlockRead_readsFromBothClassesAtItsWeight() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, options(spec, "wrr")
        .with(ReadSelectionConfig.WRR_WEIGHT_KEY, "1"))) {
      byte[] data = write(cluster, new Path("/data/f"), 2 * BLOCKS);
      Map<String, Long> before = bytesReadByType(cluster);
      assertArrayEquals(data, readBlockByBlock(cluster, new Path("/data/f"), data.length));
      Map<String, Long> after = bytesReadByType(cluster);
      long ssd = after.get("SSD") - before.get("SSD");
      long disk = after.get("DISK") - before.get("DISK");
      assertTrue(ssd >= BLOCKS * BLOCK && ssd < (BLOCKS + 1) * BLOCK, "SSD read " + ssd + " bytes, DISK " + disk);
      assertTrue(disk >= BLOCKS * BLOCK && disk < (BLOCKS + 1) * BLOCK, "DISK read " + disk + " bytes, SSD " + ssd);
    }
  }

  /** The topology with {@code policy}, 1 MiB blocks, and one RPC handler (every call's sorts on one thread). */
  private ClusterOptions options(ClusterSpec spec, String policy) {
    return ReadRecipe.install(ClusterOptions.in(dir), policy, spec.devices().speeds())
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(BLOCK))
        .with(DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_KEY, "512")
        .with(DFSConfigKeys.DFS_NAMENODE_HANDLER_COUNT_KEY, "1");
  }

  /**
   * The file read through the stock client fetching one block per listing ({@code dfs.client.read.prefetch.size}
   * = the block size): the open lists block 0, each later block is listed when the read reaches it.
   */
  private static byte[] readBlockByBlock(EmbeddedCluster cluster, Path file, int length) throws Exception {
    Configuration conf = cluster.clientConf(ClientPlacement.offCluster());
    conf.setLong(HdfsClientConfigKeys.Read.PREFETCH_SIZE_KEY, BLOCK);
    byte[] read = new byte[length];
    try (FileSystem fs = FileSystem.newInstance(cluster.uri(), conf);
        FSDataInputStream in = fs.open(file)) {
      IOUtils.readFully(in, read, 0, read.length); // a stream's read, not a positional one (that lists the range)
    }
    return read;
  }

  /** Bytes read so far from each storage type's emulated volumes, cluster-wide. */
  private static Map<String, Long> bytesReadByType(EmbeddedCluster cluster) {
    Map<String, Long> read = new TreeMap<>();
    for (DataNodeSpec dn : cluster.spec().dataNodes()) {
      cluster.devices(dn.name()).stats().forEach(s -> read.merge(s.type().name(), s.readBytes(), Long::sum));
    }
    return read;
  }

  private static byte[] write(EmbeddedCluster cluster, Path file, int blocks) throws Exception {
    byte[] data = new byte[(int) (blocks * BLOCK)];
    new Random(3).nextBytes(data);
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      fs.mkdirs(file.getParent());
      fs.setStoragePolicy(file.getParent(), HdfsConstants.ONESSD_STORAGE_POLICY_NAME);
      try (FSDataOutputStream out = fs.create(file, (short) 3)) {
        out.write(data);
      }
    }
    return data;
  }

  private static long delta(Map<String, Number> before, Map<String, Number> after, String name) {
    return after.get(name).longValue() - before.get(name).longValue();
  }
}
