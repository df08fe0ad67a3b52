/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.placement.analysis.PlacementPolicies;
import io.replicakit.placement.config.PlacementConfig;
import io.replicakit.placement.hdfs.PlacementMetrics;
import io.replicakit.placement.policy.BalancedBlockPlacementPolicy;
import io.replicakit.placement.policy.StateAwareBlockPlacementPolicy;
import java.io.File;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.util.HostsFileWriter;
import org.apache.hadoop.test.GenericTestUtils;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each policy in a real NameNode with eight DataNodes in four racks, through one life: a write, a replication
 * decrease (excess deletion), a decommission and a DataNode failure (re-replication). After each step every block
 * keeps its rack rule and the NameNode's own {@code verifyBlockPlacement} accepts it. HDFS's own policies run the
 * same scenario as the reference. The two-racks rule puts a new block on exactly two racks; a re-replicated
 * replica goes to its source's rack, which HDFS's own code (kept by both policies) leaves for a third rack when
 * the source's rack has no eligible node left (racks of two nodes here, one decommissioned or dead).
 */
class PlacementPolicyIT {

  private static final long BLOCK = 1024 * 1024;
  private static final String[] RACKS = {"/r1", "/r1", "/r2", "/r2", "/r3", "/r3", "/r4", "/r4"};

  @TempDir
  File dir;

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"default,two-racks", "rackfaulttolerant,spread", "balanced,two-racks", "balanced,spread",
      "state-aware,two-racks", "state-aware,spread"})
  void writeDeleteDecommissionAndFailure_keepTheRackRule(String policy, String rule) throws Exception {
    Configuration conf = conf(policy, rule);
    HostsFileWriter hosts = new HostsFileWriter();
    hosts.initialize(conf, "placement-it-" + policy + "-" + rule);
    try (MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir).numDataNodes(RACKS.length).racks(RACKS)
        .build()) {
      cluster.waitActive();
      DistributedFileSystem fs = cluster.getFileSystem();
      BlockPlacementPolicy nnPolicy = cluster.getNamesystem().getBlockManager().getBlockPlacementPolicy();
      assertEquals(PlacementPolicies.resolve(policy).className(), nnPolicy.getClass().getName());
      Path data = new Path("/data");
      Path fewer = new Path("/fewer");
      DFSTestUtil.createFile(fs, data, 4096, 6 * BLOCK, BLOCK, (short) 3, 1L);
      DFSTestUtil.createFile(fs, fewer, 4096, 4 * BLOCK, BLOCK, (short) 3, 2L);
      DFSTestUtil.waitReplication(fs, data, (short) 3);
      checkRule(fs, data, 3, rule, nnPolicy, "write");

      fs.setReplication(fewer, (short) 2);
      waitLive(fs, fewer, 2, d -> true);
      checkRule(fs, fewer, 2, rule, nnPolicy, "excess deletion");

      DataNode leaving = cluster.getDataNodes().get(7);
      decommission(cluster, conf, hosts, leaving);
      waitLive(fs, data, 3, d -> !d.getXferAddr().equals(leaving.getDatanodeId().getXferAddr()));
      checkRule(fs, data, 3, rule, nnPolicy, "decommission");

      DataNode failing = cluster.getDataNodes().get(0);
      String failed = failing.getDatanodeId().getXferAddr();
      cluster.stopDataNode(0);
      cluster.setDataNodeDead(failing.getDatanodeId());
      waitLive(fs, data, 3, d -> !d.getXferAddr().equals(failed)
          && !d.getXferAddr().equals(leaving.getDatanodeId().getXferAddr()));
      checkRule(fs, data, 3, rule, nnPolicy, "re-replication");

      metrics(nnPolicy).ifPresent(m -> assertTrue(m.choices() > 0 && m.fallbacks() == 0,
          "choices " + m.choices() + ", fallbacks " + m.fallbacks()));
    } finally {
      hosts.cleanup();
    }
  }

  private static Configuration conf(String policy, String rule) {
    Configuration conf = new HdfsConfiguration();
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
    conf.setLong(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, 1);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_HEARTBEAT_RECHECK_INTERVAL_KEY, 1000);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY, 1);
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_DECOMMISSION_INTERVAL_KEY, 1);
    conf.set(PlacementPolicies.REPLICATOR_CLASSNAME_KEY, PlacementPolicies.resolve(policy).className());
    conf.set(PlacementConfig.RACK_RULE.name(), rule);
    return conf;
  }

  private static void decommission(MiniDFSCluster cluster, Configuration conf, HostsFileWriter hosts, DataNode node)
      throws Exception {
    hosts.initExcludeHost(node.getDatanodeId().getXferAddr());
    DatanodeManager dm = cluster.getNamesystem().getBlockManager().getDatanodeManager();
    dm.refreshNodes(conf);
    DatanodeDescriptor descriptor = dm.getDatanode(node.getDatanodeUuid());
    GenericTestUtils.waitFor(descriptor::isDecommissioned, 200, 120_000);
  }

  /** Waits until every block of {@code file} has {@code n} replicas on nodes that {@code counted} accepts. */
  private static void waitLive(DistributedFileSystem fs, Path file, int n, Predicate<DatanodeInfo> counted)
      throws Exception {
    GenericTestUtils.waitFor(() -> {
      try {
        return blocks(fs, file).stream().allMatch(b -> live(b, counted).size() == n);
      } catch (Exception e) {
        return false;
      }
    }, 200, 120_000);
  }

  private static List<DatanodeInfo> live(LocatedBlock block, Predicate<DatanodeInfo> counted) {
    return Arrays.stream((DatanodeInfo[]) block.getLocations())
        .filter(d -> !d.isDecommissioned() && !d.isDecommissionInProgress()).filter(counted).toList();
  }

  private static List<LocatedBlock> blocks(DistributedFileSystem fs, Path file) throws Exception {
    return fs.getClient().getLocatedBlocks(file.toString(), 0).getLocatedBlocks();
  }

  private static void checkRule(DistributedFileSystem fs, Path file, int replication, String rule,
      BlockPlacementPolicy nnPolicy, String step) throws Exception {
    for (LocatedBlock block : blocks(fs, file)) {
      List<DatanodeInfo> on = live(block, d -> true);
      Set<String> racks = on.stream().map(DatanodeInfo::getNetworkLocation).collect(Collectors.toSet());
      String where = step + ", block " + block.getBlock().getBlockId() + " on " + on;
      assertEquals(replication, on.size(), where);
      if (rule.equals("spread")) {
        assertEquals(replication, racks.size(), where);
      } else if (step.equals("write")) {
        assertEquals(2, racks.size(), where); // a new block: the writer's replica's rack and one other
      } else {
        // re-replication takes the rack of its source replica, a third rack when that one has no node left
        assertTrue(racks.size() >= 2 && on.stream().collect(Collectors.groupingBy(DatanodeInfo::getNetworkLocation,
            Collectors.counting())).values().stream().allMatch(n -> n <= 2), where);
      }
      assertTrue(nnPolicy.verifyBlockPlacement(on.toArray(new DatanodeInfo[0]), replication)
          .isPlacementPolicySatisfied(), where);
    }
  }

  private static Optional<PlacementMetrics> metrics(BlockPlacementPolicy policy) {
    if (policy instanceof BalancedBlockPlacementPolicy b) {
      return Optional.of(b.metrics());
    }
    if (policy instanceof StateAwareBlockPlacementPolicy s) {
      return Optional.of(s.metrics());
    }
    return Optional.empty();
  }
}
