/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.SystemSample;
import io.replicakit.common.state.SystemStateView;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.placement.config.PlacementConfig;
import io.replicakit.placement.config.RackRule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** State-aware with node states, deletion choices, and fault containment, on real HDFS objects. */
class PolicyDecisionsTest {

  private static final String[] NINE = {"/r1", "/r1", "/r1", "/r2", "/r2", "/r2", "/r3", "/r3", "/r3"};

  /** Node states as heartbeat-metrics' registry publishes them: fresh samples for some DataNodes. */
  private static final class States implements SystemStateView {
    final Map<String, SystemSample> fresh = new HashMap<>();

    @Override
    public Optional<NodeState> fresh(String uuid) {
      return Optional.ofNullable(fresh.get(uuid)).map(s -> new NodeState(s, 0, 0, false));
    }

    @Override
    public List<NodeState> all() {
      return List.of();
    }

    void report(DatanodeDescriptor node, double diskBusyPct) {
      fresh.put(node.getDatanodeUuid(), new SystemSample(node.getDatanodeUuid(), 1, 1, 0, 3000,
          new HostMetrics(80, 50, 1L << 30), List.of(new VolumeMetrics(node.getStorageInfos()[0].getStorageID(),
              "DISK", "sda", 1, 0, 0, diskBusyPct, diskBusyPct > 50 ? 10 : 0))));
    }
  }

  private static int replicasOn(SimCluster cluster, BlockPlacementPolicyDefault policy, DatanodeDescriptor node) {
    int on = 0;
    for (int block = 0; block < 300; block++) {
      for (DatanodeStorageInfo t : cluster.write(policy, SimCluster.client("/r1"), 3)) {
        on += t.getDatanodeDescriptor() == node ? 1 : 0;
      }
      if (block % 5 == 4) {
        cluster.heartbeat();
      }
    }
    return on;
  }

  private static PolicyCore stateAware(States states) {
    PlacementConfig.StateAware settings = PlacementConfig.stateAware(new Configuration(false));
    return new StateAwareCore(settings, new Random(1), new PlacementMetrics("t", "t"), () -> states);
  }

  private static BlockPlacementPolicyDefault initialized(SimCluster cluster, RackRule rule, PolicyCore core) {
    BlockPlacementPolicyDefault policy = RackRules.policy(rule, core);
    policy.initialize(cluster.conf, null, cluster.topology, null);
    return policy;
  }

  @Test
  void stateAware_avoidsTheBusyDisk_andTreatsItLikeAnyNodeOnceItsSampleIsStale() {
    SimCluster cluster = new SimCluster(NINE, new long[] {9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000});
    States states = new States();
    cluster.nodes.forEach(n -> states.report(n, 5));
    DatanodeDescriptor stressed = cluster.nodes.get(4);
    states.report(stressed, 100);
    int busy = replicasOn(cluster, initialized(cluster, RackRule.TWO_RACKS, stateAware(states)), stressed);

    states.fresh.remove(stressed.getDatanodeUuid()); // stale: the registry no longer calls it fresh
    int stale = replicasOn(cluster, initialized(cluster, RackRule.TWO_RACKS, stateAware(states)), stressed);

    // a fair share is 900 / 9 = 100 replicas
    assertTrue(busy < 35, "replicas on the busy node: " + busy);
    assertTrue(stale > 60, "replicas on the node once its sample is stale: " + stale);
  }

  @Test
  void balanced_deletesTheExcessReplicaOnTheFullestNodeByPercent_whereHdfsTakesTheLeastRemaining()
      throws Exception {
    SimCluster cluster = new SimCluster(new String[] {"/a", "/a", "/b", "/b"}, new long[] {1000, 1000, 100, 100});
    cluster.setUsed(cluster.nodes.get(0), 500 * SimCluster.BLOCK); // 50 %, 500 blocks left
    cluster.setUsed(cluster.nodes.get(1), 100 * SimCluster.BLOCK); // 10 %
    cluster.setUsed(cluster.nodes.get(2), 40 * SimCluster.BLOCK);  // 40 %, 60 blocks left
    cluster.setUsed(cluster.nodes.get(3), 10 * SimCluster.BLOCK);  // 10 %
    List<DatanodeStorageInfo> replicas = new ArrayList<>();
    cluster.nodes.forEach(n -> replicas.add(n.getStorageInfos()[0]));

    BlockPlacementPolicyDefault balanced = cluster.policy("io.replicakit.placement.policy.BalancedBlockPlacementPolicy",
        Map.of());
    BlockPlacementPolicyDefault hdfs = cluster.policy(BlockPlacementPolicyDefault.class.getName(), Map.of());

    assertSame(cluster.nodes.get(0), deleted(balanced, replicas));
    assertSame(cluster.nodes.get(2), deleted(hdfs, replicas));
  }

  @ParameterizedTest
  @EnumSource(RackRule.class)
  void deletion_staysWithinHdfsRackSafeSet(RackRule rule) {
    // r1 holds two replicas, r2 and r3 one each; the fullest node is alone in r3
    SimCluster cluster = new SimCluster(new String[] {"/r1", "/r1", "/r2", "/r3"}, new long[] {1000, 1000, 1000,
        1000});
    cluster.setUsed(cluster.nodes.get(3), 900 * SimCluster.BLOCK);
    cluster.setUsed(cluster.nodes.get(0), 300 * SimCluster.BLOCK);
    List<DatanodeStorageInfo> replicas = new ArrayList<>();
    cluster.nodes.forEach(n -> replicas.add(n.getStorageInfos()[0]));
    PlacementConfig.Balanced settings = PlacementConfig.balanced(new Configuration(false));
    BlockPlacementPolicyDefault policy = initialized(cluster, rule,
        new BalancedCore(settings, new Random(1), new PlacementMetrics("t", "t")));

    DatanodeDescriptor gone = deleted(policy, replicas);

    // spread: only r1's pair may lose one (r3 alone would lose a rack); two-racks with three racks: any
    assertSame(rule == RackRule.SPREAD ? cluster.nodes.get(0) : cluster.nodes.get(3), gone);
  }

  @ParameterizedTest
  @EnumSource(RackRule.class)
  void faultInTheDecision_fallsBackToHdfsForThatCall_andIsCounted(RackRule rule) {
    SimCluster cluster = new SimCluster(NINE, new long[] {9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000, 9000});
    PlacementMetrics metrics = new PlacementMetrics("t", "t");
    PolicyCore broken = new PolicyCore(2, new Random(1), metrics) {
      @Override
      protected int pick(DatanodeDescriptor[] nodes, int count, StorageType type) {
        throw new IllegalStateException("decision bug");
      }

      @Override
      protected int worst(DatanodeDescriptor[] nodes, int count, StorageType type) {
        throw new AssertionError("decision bug");
      }

      @Override
      protected long mark(DatanodeDescriptor node) {
        return 0;
      }
    };
    BlockPlacementPolicyDefault policy = initialized(cluster, rule, broken);

    DatanodeStorageInfo[] targets = cluster.write(policy, SimCluster.client("/r1"), 3);

    assertEquals(3, targets.length);
    assertTrue(policy.verifyBlockPlacement(SimCluster.locations(targets), 3).isPlacementPolicySatisfied());
    assertTrue(metrics.fallbacks() >= 1, "fallbacks " + metrics.fallbacks()); // a lone candidate needs no pick
    List<DatanodeStorageInfo> replicas = new ArrayList<>();
    cluster.nodes.subList(0, 4).forEach(n -> replicas.add(n.getStorageInfos()[0]));
    assertEquals(1, policy.chooseReplicasToDelete(replicas, replicas, 3, new ArrayList<>(List.of(StorageType.DISK)),
        null, null).size());
  }

  private static DatanodeDescriptor deleted(BlockPlacementPolicyDefault policy, List<DatanodeStorageInfo> replicas) {
    List<DatanodeStorageInfo> excess = policy.chooseReplicasToDelete(replicas, replicas, 3,
        new ArrayList<>(List.of(StorageType.DISK)), null, null);
    assertEquals(1, excess.size());
    return excess.get(0).getDatanodeDescriptor();
  }
}
