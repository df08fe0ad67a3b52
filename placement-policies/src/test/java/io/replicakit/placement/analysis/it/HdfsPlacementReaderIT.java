/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.placement.analysis.BlockReplicas;
import io.replicakit.placement.analysis.HdfsPlacementReader;
import io.replicakit.placement.analysis.HdfsPolicyVerifier;
import io.replicakit.placement.analysis.NodeState;
import io.replicakit.placement.analysis.NodeUsage;
import io.replicakit.placement.analysis.PlacementAnalysis;
import io.replicakit.placement.analysis.PlacementPolicies;
import io.replicakit.placement.analysis.PlacementReport;
import io.replicakit.placement.analysis.PlacementSnapshot;
import java.io.File;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader on a real NameNode: 4 DataNodes on racks /r1, /r1, /r2, /r3, a 3.5 MiB file with replication 3 in
 * 1 MiB blocks (4 blocks) and an empty file in a subdirectory, analyzed with the real default policy.
 */
class HdfsPlacementReaderIT {

  private static final long BLOCK = 1024 * 1024;
  private static final long FILE_BYTES = 3 * BLOCK + BLOCK / 2;
  private static final String[] RACKS = {"/r1", "/r1", "/r2", "/r3"};

  @TempDir
  File dir;

  private MiniDFSCluster start(Configuration conf) throws Exception {
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir).numDataNodes(4).racks(RACKS).build();
    cluster.waitActive();
    return cluster;
  }

  private static void writeFiles(DistributedFileSystem fs) throws Exception {
    Path file = new Path("/data/f");
    DFSTestUtil.createFile(fs, file, 4096, FILE_BYTES, BLOCK, (short) 3, 42L);
    fs.mkdirs(new Path("/data/sub"));
    fs.create(new Path("/data/sub/empty")).close();
    DFSTestUtil.waitReplication(fs, file, (short) 3);
  }

  @Test
  void replicatedFileAndEmptyFile_giveConsistentCountsAndNoDefaultPolicyViolations() throws Exception {
    Configuration conf = new HdfsConfiguration();
    try (MiniDFSCluster cluster = start(conf)) {
      DistributedFileSystem fs = cluster.getFileSystem();
      writeFiles(fs);

      PlacementSnapshot snapshot = HdfsPlacementReader.read(fs, new Path("/data"));

      Set<String> dataNodes = cluster.getDataNodes().stream()
          .map(dn -> dn.getDatanodeId().getXferAddr()).collect(Collectors.toSet());
      assertEquals(dataNodes, snapshot.nodes().stream().map(NodeState::id).collect(Collectors.toSet()));
      assertTrue(snapshot.nodes().stream().allMatch(NodeState::counts));
      assertEquals(Map.of("/r1", 2L, "/r2", 1L, "/r3", 1L), snapshot.nodes().stream()
          .collect(Collectors.groupingBy(NodeState::location, Collectors.counting())));
      assertEquals(Set.of("/data/f", "/data/sub/empty"), new HashSet<>(snapshot.files()));

      List<BlockReplicas> blocks = snapshot.blocks();
      assertEquals(4, blocks.size());
      assertEquals(FILE_BYTES, blocks.stream().mapToLong(BlockReplicas::sizeBytes).sum());
      assertEquals(4, blocks.stream().map(BlockReplicas::blockId).distinct().count());
      for (BlockReplicas b : blocks) {
        assertEquals("/data/f", b.path());
        assertEquals(3, b.expectedReplication());
        assertEquals(3, new HashSet<>(b.nodeIds()).size(), b.toString());
        assertTrue(dataNodes.containsAll(b.nodeIds()), b.toString());
      }

      HdfsPolicyVerifier defaultPolicy = HdfsPolicyVerifier.create(BlockPlacementPolicyDefault.class.getName(),
          conf, snapshot.nodes());
      PlacementReport report = PlacementAnalysis.analyze(snapshot, defaultPolicy);

      assertEquals(2, report.files());
      assertEquals(4, report.blocks());
      assertEquals(0.0, report.violatingPct().orElseThrow());
      assertEquals(List.of("/r1", "/r2", "/r3"), List.copyOf(report.bytesPerRack().keySet()));
      assertEquals(3 * FILE_BYTES, report.bytesPerRack().values().stream().mapToLong(Long::longValue).sum());
      assertEquals(3 * FILE_BYTES, report.nodes().stream().mapToLong(NodeUsage::occupationBytes).sum());
      assertEquals(4L, report.blocksByRackCount().values().stream().mapToLong(Long::longValue).sum());
      assertTrue(report.blocksByRackCount().keySet().stream().allMatch(racks -> racks >= 2),
          report.toText()); // the default policy always uses a second rack when there is one

      // with as many racks as replicas, rack fault tolerance rejects exactly the blocks not in unique racks
      HdfsPolicyVerifier rackFaultTolerant = HdfsPolicyVerifier.create(
          PlacementPolicies.resolve("rackfaulttolerant").className(), conf, snapshot.nodes());
      assertEquals(100.0 - report.blocksInUniqueRacksPct(),
          PlacementAnalysis.analyze(snapshot, rackFaultTolerant).violatingPct().orElseThrow(), 1e-9);
    }
  }

  @Test
  void deadDataNode_isReportedNotLiveAndLeftOutOfTheAnalysis() throws Exception {
    try (MiniDFSCluster cluster = start(new HdfsConfiguration())) {
      DistributedFileSystem fs = cluster.getFileSystem();
      writeFiles(fs);
      DatanodeID lonelyOnR3 = cluster.getDataNodes().get(3).getDatanodeId();
      cluster.stopDataNode(3);
      cluster.setDataNodeDead(lonelyOnR3);

      PlacementSnapshot snapshot = HdfsPlacementReader.read(fs, new Path("/data"));
      PlacementReport report = PlacementAnalysis.analyze(snapshot);

      NodeState dead = snapshot.nodes().stream()
          .filter(n -> n.id().equals(lonelyOnR3.getXferAddr())).findFirst().orElseThrow();
      assertFalse(dead.live());
      assertEquals(4, snapshot.nodes().size());
      assertEquals(3, report.nodes().size());
      assertFalse(report.nodes().stream().anyMatch(n -> n.id().equals(dead.id())));
      assertEquals(List.of("/r1", "/r2"), List.copyOf(report.bytesPerRack().keySet()));
    }
  }
}
