/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The read paper's network rules (§3.1) in a real NameNode, for a reader on a rack's client host: the paper's two
 * racks ({@code one-ssd-two-racks}: {@code /r1} with two DataNodes, {@code /r2} with one), so every node holds every
 * block, One_SSD, and the policies told that nothing is gained across racks (inter-rack 0, rule 3). The rack links
 * are not shaped here (embedded); what is checked is the NameNode's order, which decides what crosses them
 * (measured on shaped links: docs/experiments/read-selection.md, "Network-aware rules").
 */
class NetworkRulesIT {

  private static final String READER_RACK = "/r1";
  /** Files written from the reader's rack (SSD replica there) and from the other rack (SSD replica there). */
  private static final int NEAR_FILES = 3;
  private static final int FAR_FILES = 1;
  private static final int BLOCKS_PER_FILE = 15;

  @org.junit.jupiter.api.io.TempDir
  static Path dir;

  private static EmbeddedCluster cluster;
  private static List<org.apache.hadoop.fs.Path> files;

  @BeforeAll
  static void start() throws Exception {
    ClusterSpec spec = ClusterSpecs.load("one-ssd-two-racks");
    cluster = EmbeddedCluster.start(spec, ReadClusters.withPolicy(dir, spec, "network-distance"));
    // One_SSD puts the first replica on SSD, and HDFS puts the first replica in the writer's rack: a quarter of
    // the blocks get their SSD replica in /r2, the rest in /r1.
    // The far file first: the reader opens it first.
    files = new ArrayList<>(ReadClusters.write(cluster, "/data", ReadClusters.oneSsd(), FAR_FILES, BLOCKS_PER_FILE,
        ClientPlacement.inRack("/r2"), "far"));
    files.addAll(ReadClusters.write(cluster, "/data", ReadClusters.oneSsd(), NEAR_FILES, BLOCKS_PER_FILE,
        ClientPlacement.inRack(READER_RACK), "near"));
  }

  @AfterAll
  static void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  /**
   * Rule 3 keeps every read in the reader's rack: no block gets the other rack's replica first, though a quarter
   * of the SSD replicas are there. A block whose SSD is in the reader's rack gets it first from storage type; the
   * round-robin policies ({@code wrr}, {@code drr} taking turns by class) count the reads of the
   * far file's blocks (opened first) as DISK reads, 15 of them, so the 45 blocks with a near SSD that follow all get
   * it first (5 × 16 fast turns are due). Counting only the blocks with a choice, they put every sixth of those DISK
   * first. {@code drr} and {@code combined} by volume (the default) take no turns: they put a near SSD's block on a
   * DISK when the DISK would finish it first, which depends on when the four listings' blocks are booked, so only
   * the rule is checked.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"storage-type", "wrr", "drr", "drr-by-class", "combined"})
  void readerInARack_withRuleThree_neverGetsTheOtherRacksReplicaFirst(String variant) throws Exception {
    boolean byClass = variant.equals("drr-by-class");
    String policy = byClass ? "drr" : variant;
    cluster.restartNameNode(Map.of(ReadSelectionConfig.POLICY_KEY, policy,
        ReadSelectionConfig.INTER_RACK_KEY, "0", ReadSelectionConfig.DRR_BALANCE_KEY, byClass ? "class" : "volume"));
    List<LocatedBlock> blocks = new ArrayList<>();
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.inRack(READER_RACK))) {
      for (org.apache.hadoop.fs.Path file : files) {
        blocks.addAll(ReadClusters.located(fs, file));
      }
    }
    assertEquals((NEAR_FILES + FAR_FILES) * BLOCKS_PER_FILE, blocks.size());
    int nearSsd = 0;
    int nearSsdNotFirst = 0;
    for (LocatedBlock block : blocks) {
      DatanodeInfo first = block.getLocations()[0];
      assertEquals(READER_RACK, first.getNetworkLocation(), () -> variant + " put first " + first + " of " + block);
      if (READER_RACK.equals(ssdRack(block))) {
        nearSsd++;
        nearSsdNotFirst += block.getStorageTypes()[0] == StorageType.SSD ? 0 : 1;
      }
    }
    int farSsd = blocks.size() - nearSsd;
    assertEquals(FAR_FILES * BLOCKS_PER_FILE, farSsd, "SSD replicas in /r2, as written from there");
    if (variant.equals("storage-type")) {
      assertEquals(0, nearSsdNotFirst, "storage type reads every SSD near the reader");
    } else if (!variant.equals("drr") && !variant.equals("combined")) {
      assertEquals(0, nearSsdNotFirst, variant + " put " + nearSsdNotFirst + " of " + nearSsd
          + " blocks with a near SSD DISK first, with " + farSsd + " blocks read from DISK already");
    }
  }

  private static String ssdRack(LocatedBlock block) {
    StorageType[] types = block.getStorageTypes();
    for (int i = 0; i < types.length; i++) {
      if (types[i] == StorageType.SSD) {
        return block.getLocations()[i].getNetworkLocation();
      }
    }
    return "";
  }
}
