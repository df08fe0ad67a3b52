/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.blockmanagement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.config.PfimbiConfig;
import java.util.ArrayList;
import java.util.HashSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.NodeBase;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.util.Time;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Pfimbi's wrapper with ReplicaKit's own placement policies as its delegate: Pfimbi plus balanced combine. */
class PfimbiPlacementDelegateTest {

  private static final long BLOCK = 1L << 20;

  @ParameterizedTest
  @ValueSource(strings = {"io.replicakit.placement.policy.BalancedBlockPlacementPolicy",
      "io.replicakit.placement.policy.StateAwareBlockPlacementPolicy"})
  void delegateKey_takesAReplicaKitPolicy_whichThenPlacesTheReplicas(String policy) {
    Configuration conf = new Configuration(false);
    conf.set(PfimbiConfig.PLACEMENT_DELEGATE_KEY, policy);
    conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_CONSIDERLOAD_KEY, false);
    assertTrue(PfimbiConfig.KEYS.validate(conf).isValid());

    PfimbiPlacementPolicy wrapper = ReflectionUtils.newInstance(PfimbiPlacementPolicy.class, conf);
    assertEquals(policy, wrapper.delegate().getClass().getName());

    DFSNetworkTopology topology = DFSNetworkTopology.getInstance(conf);
    DatanodeStorageInfo[] storages = DFSTestUtil.createDatanodeStorageInfos(
        new String[] {"/r1", "/r1", "/r2", "/r2", "/r3", "/r3"}, new String[] {"a", "b", "c", "d", "e", "f"});
    for (DatanodeStorageInfo s : storages) {
      DatanodeDescriptor node = s.getDatanodeDescriptor();
      node.getStorageInfos()[0].setUtilizationForTesting(1000 * BLOCK, 0, 1000 * BLOCK, 0);
      node.setCapacity(1000 * BLOCK);
      node.setRemaining(1000 * BLOCK);
      node.setLastUpdateMonotonic(Time.monotonicNow());
      topology.add(node);
    }
    wrapper.initialize(conf, null, topology, null);

    DatanodeStorageInfo[] targets = wrapper.chooseTarget("/f", 3, new NodeBase("client", "/r1"), new ArrayList<>(),
        false, new HashSet<>(), BLOCK, BlockStoragePolicySuite.createDefaultSuite().getDefaultPolicy(), null);

    assertEquals(3, targets.length);
    DatanodeInfo[] locations = new DatanodeInfo[3];
    for (int i = 0; i < 3; i++) {
      locations[i] = targets[i].getDatanodeDescriptor();
    }
    assertTrue(wrapper.verifyBlockPlacement(locations, 3).isPlacementPolicySatisfied());
  }
}
