/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Node identity: every DataNode registers from its own address on its spec's rack, and the NameNode treats a
 * client placed on a DataNode as local to it (first replica there) and an off-cluster client as local to none.
 */
class ClientPlacementIT {

  private static final int BLOCKS = 16;
  /**
   * Blocks written off-cluster or from a rack's client host, where the tests check that no node holds a replica of
   * every block. With the first replica on a random node, HDFS's default placement on the small spec's racks (2, 2
   * and 1 nodes) puts a replica of a block on each node of the second rack with probability about 0.63: over
   * {@value #BLOCKS} blocks one of those two holds every block about once in 750 writes (the full verify at
   * {@code 9aa0f4d}: dn03), over 40 about once in 40 million. From rack 1's host each rack-1 node holds about 0.56 of
   * the blocks (once in 6,000 writes over 16 blocks). A writer taken for local would put one on every block.
   */
  private static final int SPREAD_BLOCKS = 40;
  private static final long BLOCK_SIZE = Sizes.MIB;

  @TempDir
  static Path dir;

  private static EmbeddedCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = EmbeddedCluster.start(ClusterSpecs.load("small"), ClusterOptions.in(dir.resolve("cluster")));
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void dataNodes_registerUnderTheirOwnAddressAndRack() throws Exception {
    DatanodeInfo[] live = cluster.miniCluster().getFileSystem().getDataNodeStats(DatanodeReportType.LIVE);
    Map<String, String> locationByAddress = Arrays.stream(live)
        .collect(Collectors.toMap(DatanodeInfo::getIpAddr, DatanodeInfo::getNetworkLocation));
    Map<String, String> expected = new HashMap<>();
    for (DataNodeSpec dn : cluster.spec().dataNodes()) {
      expected.put(dn.address(), dn.networkLocation());
    }
    assertEquals(expected, locationByAddress);
  }

  @ParameterizedTest
  @ValueSource(strings = {"dn02", "dn05"})
  void writerOnDataNode_getsFirstReplicaOfEveryBlockThere(String node) throws Exception {
    String path = "/local-" + node;
    List<Set<String>> replicas = writeAndLocate(ClientPlacement.onNode(node), path, BLOCKS);
    String address = cluster.spec().dataNode(node).address();
    for (int b = 0; b < replicas.size(); b++) {
      assertTrue(replicas.get(b).contains(address),
          "block " + b + " of " + path + " has no replica on the writer's node " + address + ": " + replicas.get(b));
    }
  }

  @Test
  void writerInRack_getsFirstReplicaOnSomeNodeOfThatRack() throws Exception {
    List<Set<String>> replicas = writeAndLocate(ClientPlacement.inRack("/r1"), "/rack-local", SPREAD_BLOCKS);
    Set<String> rackNodes = cluster.spec().dataNodesInRack("/r1").stream().map(DataNodeSpec::address)
        .collect(Collectors.toSet());
    for (Set<String> block : replicas) {
      assertTrue(block.stream().anyMatch(rackNodes::contains), "no replica in the writer's rack: " + block);
    }
    for (String node : rackNodes) {
      assertTrue(replicas.stream().anyMatch(r -> r.contains(node)), "rack node " + node + " got no replica");
      assertTrue(replicas.stream().anyMatch(r -> !r.contains(node)),
          "rack node " + node + " got every block, as if the writer ran on it");
    }
  }

  @Test
  void writerOffCluster_getsNoLocality() throws Exception {
    List<Set<String>> replicas = writeAndLocate(ClientPlacement.offCluster(), "/off-cluster", SPREAD_BLOCKS);
    for (DataNodeSpec dn : cluster.spec().dataNodes()) {
      long holding = replicas.stream().filter(r -> r.contains(dn.address())).count();
      assertTrue(holding < replicas.size(),
          dn.name() + " holds a replica of every block written off-cluster, as if it were the writer's node");
    }
    assertTrue(replicas.stream().noneMatch(r -> r.contains("127.0.0.1")));
  }

  /**
   * Writes {@code blocks} one-MiB blocks at replication 3 and returns each block's replica addresses, once every
   * block lists three: a file is complete when one replica of its last block has reported, so the last block's
   * other replicas (the writer's own among them) could be missing from a listing taken at once.
   */
  private static List<Set<String>> writeAndLocate(ClientPlacement placement, String path, int blocks)
      throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(path);
    try (DistributedFileSystem fs = cluster.fileSystem(placement)) {
      try (FSDataOutputStream out = fs.create(file, true, 64 * 1024, (short) 3, BLOCK_SIZE)) {
        out.write(new byte[(int) (blocks * BLOCK_SIZE)]);
      }
      cluster.waitForLiveReplicas(file, 3, Duration.ofSeconds(30));
      BlockLocation[] located = fs.getFileBlockLocations(file, 0, Long.MAX_VALUE);
      assertEquals(blocks, located.length);
      return Arrays.stream(located)
          .map(b -> Arrays.stream(names(b)).map(n -> n.substring(0, n.indexOf(':'))).collect(Collectors.toSet()))
          .collect(Collectors.toList());
    }
  }

  private static String[] names(BlockLocation block) {
    try {
      return block.getNames();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
