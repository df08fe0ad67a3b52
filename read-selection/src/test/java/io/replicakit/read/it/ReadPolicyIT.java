/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.read.hdfs.ReplicaKitNetworkTopology;
import io.replicakit.read.policy.NetworkDistancePolicy;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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
