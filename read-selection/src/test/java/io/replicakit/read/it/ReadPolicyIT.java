/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.SystemStates;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.hdfs.ReplicaKitNetworkTopology;
import io.replicakit.read.policy.DynamicRoundRobinPolicy;
import io.replicakit.read.policy.NetworkDistancePolicy;
import io.replicakit.read.policy.ReadPolicy;
import io.replicakit.read.policy.WeightedRoundRobinPolicy;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager;
import org.apache.hadoop.net.NetworkTopology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The topology in a real NameNode on the {@code one-ssd} spec (6 DataNodes, an SSD and a DISK each). */
class ReadPolicyIT {

  @TempDir
  Path dir;

  @Test
  void storageType_servesEveryBlockFromTheSsdReplica() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec,
        ReadClusters.withPolicy(dir, spec, "storage-type"))) {
      List<org.apache.hadoop.fs.Path> files = ReadClusters.write(cluster, "/data", ReadClusters.oneSsd(), 4, 4);
      Map<String, Long> before = ReadClusters.bytesReadByType(cluster);
      long bytes = 0;
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        for (org.apache.hadoop.fs.Path file : files) {
          for (LocatedBlock block : ReadClusters.located(fs, file)) {
            assertEquals(StorageType.SSD, block.getStorageTypes()[0], "first replica of " + block.getBlock());
            assertEquals(3, block.getLocations().length);
          }
          bytes += readFully(fs, file);
        }
      }
      Map<String, Long> after = ReadClusters.bytesReadByType(cluster);
      assertEquals(before.get("DISK"), after.get("DISK"), "no block was read from a DISK volume");
      assertTrue(after.get("SSD") - before.get("SSD") >= bytes, "every byte came from an SSD volume");
    }
  }

  @Test
  void networkDistance_ordersExactlyAsHdfs() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec,
        ReadClusters.withPolicy(dir, spec, "network-distance"))) {
      DatanodeManager manager = cluster.miniCluster().getNamesystem().getBlockManager().getDatanodeManager();
      NetworkTopology topology = manager.getNetworkTopology();
      ReplicaKitNetworkTopology ours = assertInstanceOf(ReplicaKitNetworkTopology.class, topology);
      assertInstanceOf(NetworkDistancePolicy.class, ours.policy());
      List<org.apache.hadoop.fs.Path> files = ReadClusters.write(cluster, "/data", ReadClusters.oneSsd(), 3, 4);
      DFSNetworkTopology plain = DFSNetworkTopology.getInstance(new Configuration(false));
      DatanodeDescriptor reader = manager.getDatanodeByHost("127.0.0.11");
      for (DatanodeInfo dn : manager.getDatanodeListForReport(
          org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.LIVE)) {
        plain.add(manager.getDatanode(dn));
      }
      int ssdFirst = 0;
      int blocks = 0;
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode("dn01"))) {
        for (org.apache.hadoop.fs.Path file : files) {
          for (LocatedBlock block : ReadClusters.located(fs, file)) {
            DatanodeInfoWithStorage[] ordered = block.getLocations();
            DatanodeInfoWithStorage[] hdfs = ordered.clone();
            plain.sortByDistance(reader, hdfs, hdfs.length, null);
            assertEquals(distances(plain, reader, hdfs), distances(plain, reader, ordered),
                "distance order of " + block.getBlock());
            ssdFirst += block.getStorageTypes()[0] == StorageType.SSD ? 1 : 0;
            blocks++;
          }
        }
      }
      assertTrue(ssdFirst < blocks, "HDFS ignores storage types: not every block starts on its SSD");
    }
  }

  /**
   * WRR with a configured weight of 3. Every block of the file offers both classes to an off-cluster reader (its
   * SSD replica is eligible across racks, see {@code ReadRecipe}), so each takes a round-robin turn, and the blocks
   * of one listing take consecutive turns: 3 SSD-first, then one DISK-first, over and over. Where in that cycle a
   * listing starts is HDFS's business, as the NameNode sorts more blocks than a listing shows ({@code
   * getBlockLocations} sorts a file's last block a second time, as {@code LocatedBlocks.getLastLocatedBlock()}), so
   * the assertion takes any starting point; a listing of a whole number of cycles then holds exactly 3 SSD-first
   * blocks per DISK-first one.
   *
   * <p>The stock client then reads each block from the first replica it is given: both storage types serve whole
   * blocks, SSD most. How many each serves depends on how the client's prefetch splits the file into listings, so
   * only that is asserted.
   */
  @Test
  void wrr_listsWeightSsdFirstBlocksPerDiskFirstBlock_andTheClientReadsFromBoth() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec,
        ReadClusters.withPolicy(dir, spec, "wrr").with(ReadSelectionConfig.WRR_WEIGHT_KEY, "3"))) {
      assertInstanceOf(WeightedRoundRobinPolicy.class, ReadClusters.policy(cluster));
      org.apache.hadoop.fs.Path file = ReadClusters.write(cluster, "/data", ReadClusters.oneSsd(), 1, 12).get(0);
      Map<String, Long> before = ReadClusters.bytesReadByType(cluster);
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        List<LocatedBlock> blocks = ReadClusters.located(fs, file);
        assertOneSsdAndTwoDisks(blocks);
        String firsts = ReadClusters.firstClasses(blocks);
        assertRoundRobin(3, firsts);
        assertEquals(9, count(firsts, 'F'), firsts);
        assertEquals(3, count(firsts, 'S'), firsts);

        assertEquals(12 * ReadClusters.BLOCK, readFully(fs, file));
      }
      Map<String, Long> after = ReadClusters.bytesReadByType(cluster);
      long ssd = after.get("SSD") - before.get("SSD");
      long disk = after.get("DISK") - before.get("DISK");
      assertTrue(disk >= ReadClusters.BLOCK, "DISK volumes served whole blocks: " + disk + " bytes, SSD " + ssd);
      assertTrue(ssd > disk, "SSD volumes served most: " + ssd + " bytes, DISK " + disk);
    }
  }

  /**
   * DRR taking turns by class (the paper's DRR, {@code drr.balance=class}) without heartbeat-metrics, so with no
   * utilization known to the NameNode, keeps the weight WRR derives from
   * the storage speeds: here the spec's emulated devices (SSD 40, DISK 8 MiB/s, so 5), which reach the topology
   * through the per-type throughput keys (in MB/s: 41.94304 / 8.388608, 5 up to rounding, which the counter
   * absorbs). The first listing (13 turns with the last block's second sort) sets the cycle going; the second must
   * hold exactly 5 SSD-first blocks per DISK-first one, entered anywhere in the cycle.
   */
  @Test
  void drrByClass_withoutUtilizationSamples_keepsTheWeightOfTheDeviceSpeeds() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, ReadClusters.withPolicy(dir, spec, "drr")
        .with(ReadSelectionConfig.DRR_BALANCE_KEY, "class"))) {
      ReadPolicy policy = assertInstanceOf(DynamicRoundRobinPolicy.class, ReadClusters.policy(cluster));
      org.apache.hadoop.fs.Path file = ReadClusters.write(cluster, "/data", ReadClusters.oneSsd(), 1, 12).get(0);
      assertTrue(SystemStates.current().all().isEmpty(), "without the plugins the NameNode knows no node state");
      double derived = spec.devices().speeds().get(StorageType.SSD).mbPerSec()
          / spec.devices().speeds().get(StorageType.DISK).mbPerSec();
      assertEquals(5.0, derived, 1e-9, "the spec's devices");
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        List<LocatedBlock> blocks = ReadClusters.located(fs, file);
        assertOneSsdAndTwoDisks(blocks);
        String first = ReadClusters.firstClasses(blocks);
        assertEquals(5.0, policy.weight(), 1e-9, "the weight of the first listing " + first);

        String second = ReadClusters.firstClasses(ReadClusters.located(fs, file));
        assertRoundRobin(5, second);
        assertEquals(10, count(second, 'F'), second);
        assertEquals(2, count(second, 'S'), second);
        assertEquals(5.0, policy.weight(), 1e-9, "the weight of the second listing");
      }
    }
  }

  /**
   * DRR's default, by volume, in a real NameNode: read times from the spec's device speeds (SSD 40, DISK 8 MiB/s,
   * weight 5), volumes by the storage IDs the NameNode hands out. A file of 48 One_SSD blocks (each DISK holds about
   * 16) is listed twice from off the cluster, every block booked from the time of its listing
   * ({@code replicakit.read.drr.listing.sequential=false}: what the NameNode sees of 96 readers asking at once).
   * The classes split about five to one, and every DISK is put first for about its sixth of the DISK reads. That is
   * the split of backlogs that do not drain between the orderings, so the policy is told a block of 1 GiB
   * ({@code replicakit.read.drr.block.bytes}: a DISK reads one in 128 s): at the 1 MiB of {@code dfs.blocksize}
   * (125 ms) the split held only if both listings were ordered within about a tenth of a second, and in one run
   * (nothing else on the machine) the DISKs were put first for 1 to 4 blocks each. Every block of a listing is
   * recorded ({@code replicakit.read.listing.read.blocks} raised from 11): one listing stands for many readers'.
   */
  @Test
  void drrByVolume_splitsFiveToOne_andGivesEveryDiskItsShare() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, ReadClusters.withPolicy(dir, spec, "drr")
        .with(ReadSelectionConfig.DRR_BLOCK_BYTES.name(), Long.toString(1L << 30))
        .with(ReadSelectionConfig.DRR_SEQUENTIAL.name(), "false")
        .with(ReadSelectionConfig.LISTING_READ_BLOCKS.name(), "1000"))) {
      assertInstanceOf(DynamicRoundRobinPolicy.class, ReadClusters.policy(cluster));
      org.apache.hadoop.fs.Path file = ReadClusters.write(cluster, "/data", ReadClusters.oneSsd(), 1, 48).get(0);
      Map<String, Integer> diskFirst = new TreeMap<>();
      cluster.spec().dataNodes().forEach(dn -> diskFirst.put(
          cluster.dataNode(dn.name()).orElseThrow().getDatanodeUuid(), 0));
      int ssdFirst = 0;
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        for (int listing = 0; listing < 2; listing++) {
          List<LocatedBlock> blocks = ReadClusters.located(fs, file);
          assertOneSsdAndTwoDisks(blocks);
          for (LocatedBlock b : blocks) {
            if (b.getStorageTypes()[0] == StorageType.SSD) {
              ssdFirst++;
            } else {
              diskFirst.merge(b.getLocations()[0].getDatanodeUuid(), 1, Integer::sum);
            }
          }
        }
      }
      assertTrue(ssdFirst >= 72 && ssdFirst <= 88, "SSD first for " + ssdFirst + " of 96 (5/6: 80)");
      int most = diskFirst.values().stream().mapToInt(i -> i).max().orElseThrow();
      int least = diskFirst.values().stream().mapToInt(i -> i).min().orElseThrow();
      assertTrue(most - least <= 2, "DISK-first blocks per DataNode " + diskFirst);
    }
  }

  /**
   * DRR by volume with its default, sequential listings: one client lists a file of 48 One_SSD blocks and reads them
   * one after another, so each block's SSD is free when the client gets to it (the block before it ended there or
   * on another SSD) and every block is read from its SSD; a DISK would take five times as long. The same file
   * booked all at once is split five to one (the test above).
   */
  @Test
  void drrByVolume_oneClientsListing_isReadBlockAfterBlockFromItsSsds() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, ReadClusters.withPolicy(dir, spec, "drr")
        .with(ReadSelectionConfig.DRR_BLOCK_BYTES.name(), Long.toString(1L << 30)))) {
      org.apache.hadoop.fs.Path file = ReadClusters.write(cluster, "/data", ReadClusters.oneSsd(), 1, 48).get(0);
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        List<LocatedBlock> blocks = ReadClusters.located(fs, file);
        assertOneSsdAndTwoDisks(blocks);
        assertEquals("F".repeat(48), ReadClusters.firstClasses(blocks));
      }
    }
  }

  /**
   * DRR by volume with reader links ({@code replicakit.read.drr.reader.links}), in a real NameNode: a client on dn01
   * lists a file of 48 DISK blocks it wrote (every block's first replica on dn01, the other two in another rack),
   * booked at once as the NameNode sees many readers (sequential listings off). Told that the paths to other nodes
   * carry half a DISK's rate, rule 3 would read every block from dn01's DISK; with the reader's link booked the
   * local DISK takes the blocks it finishes first, 2 for every 1 over the link (32 and 16 of 48), and the NameNode
   * knows the reader's DataNode from its address. Every block of the listing is recorded, as above.
   */
  @Test
  void drrByVolumeWithReaderLinks_aClientOnADataNode_readsOverItsLinkWhatItsDiskWouldFinishLast() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, ReadClusters.withPolicy(dir, spec, "drr")
        .with(ReadSelectionConfig.DRR_BLOCK_BYTES.name(), Long.toString(1L << 30))
        .with(ReadSelectionConfig.DRR_SEQUENTIAL.name(), "false")
        .with(ReadSelectionConfig.LISTING_READ_BLOCKS.name(), "1000")
        .with(ReadSelectionConfig.DRR_READER_LINKS.name(), "true")
        .with(ReadSelectionConfig.throughputKey(StorageType.DISK), "60")
        .with(ReadSelectionConfig.INTRA_RACK.name(), "30")
        .with(ReadSelectionConfig.INTER_RACK_KEY, "30"))) {
      ClientPlacement reader = ClientPlacement.onNode("dn01");
      org.apache.hadoop.fs.Path file = ReadClusters.write(cluster, "/data", "HOT", 1, 48, reader, "f").get(0);
      String dn01 = cluster.dataNode("dn01").orElseThrow().getDatanodeUuid();
      try (DistributedFileSystem fs = cluster.fileSystem(reader)) {
        List<LocatedBlock> blocks = ReadClusters.located(fs, file);
        assertEquals(48, blocks.size());
        int local = 0;
        for (LocatedBlock b : blocks) {
          assertTrue(Arrays.stream(b.getLocations()).anyMatch(l -> l.getDatanodeUuid().equals(dn01)),
              () -> "a replica of " + b.getBlock() + " on the writer's node");
          local += b.getLocations()[0].getDatanodeUuid().equals(dn01) ? 1 : 0;
        }
        assertEquals(32, local, 2, "blocks read from the reader's own DISK, of 48");
      }
    }
  }

  /** The blocks' precondition for a round-robin turn each: one SSD replica and two DISK replicas (ONE_SSD). */
  private static void assertOneSsdAndTwoDisks(List<LocatedBlock> blocks) {
    for (LocatedBlock block : blocks) {
      List<StorageType> types = Arrays.asList(block.getStorageTypes());
      assertEquals(3, types.size(), () -> "replicas of " + block.getBlock() + ": " + types);
      assertEquals(1, types.stream().filter(StorageType.SSD::equals).count(), () -> block + ": " + types);
      assertEquals(2, types.stream().filter(StorageType.DISK::equals).count(), () -> block + ": " + types);
    }
  }

  /**
   * Asserts that {@code firsts} ({@link ReadClusters#firstClasses}) are consecutive round-robin turns at an integer
   * {@code weight}: {@code weight} SSD-first blocks, then one DISK-first, repeated, entered anywhere in the cycle.
   */
  private static void assertRoundRobin(int weight, String firsts) {
    String cycle = "F".repeat(weight) + "S";
    assertTrue(cycle.repeat(firsts.length() / cycle.length() + 2).contains(firsts),
        () -> "first replicas " + firsts + " (F: SSD, S: DISK) are not consecutive turns of " + cycle);
  }

  private static long count(String firsts, char kind) {
    return firsts.chars().filter(c -> c == kind).count();
  }

  private static List<Integer> distances(NetworkTopology topology, DatanodeInfo reader, DatanodeInfo[] nodes) {
    return Arrays.stream(nodes).map(n -> topology.getDistance(reader, n)).toList();
  }

  private static long readFully(DistributedFileSystem fs, org.apache.hadoop.fs.Path file) throws Exception {
    byte[] buffer = new byte[64 * 1024];
    long total = 0;
    try (FSDataInputStream in = fs.open(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        total += n;
      }
    }
    return total;
  }
}
