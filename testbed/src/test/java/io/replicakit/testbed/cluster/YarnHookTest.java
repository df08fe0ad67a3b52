/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import org.junit.jupiter.api.Test;

class YarnHookTest {

  private final ClusterSpec small = ClusterSpecs.load("small");

  @Test
  void clientId_onARacksClientHost_isThatRacksClientInThatRack() {
    String rack = small.racks().get(0);
    DaemonId id = YarnHook.clientId(small, ClientPlacement.inRack(rack), small.rackClientAddress(rack));
    assertEquals(new DaemonId(DaemonId.Role.CLIENT, "client-" + rack.substring(1), small.rackClientAddress(rack),
        rack), id);
  }

  @Test
  void clientId_onANode_sharesTheNodesAddressAndRack() {
    DataNodeSpec node = small.dataNodes().get(1);
    DaemonId id = YarnHook.clientId(small, ClientPlacement.onNode(node.name()), node.address());
    assertEquals(new DaemonId(DaemonId.Role.CLIENT, "client-" + node.name(), node.address(), node.rack()), id);
  }

  @Test
  void clientId_offCluster_hasNoRack() {
    DaemonId id = YarnHook.clientId(small, ClientPlacement.offCluster(), "127.0.0.1");
    assertEquals(DaemonId.client("client", "127.0.0.1", ""), id);
  }

  @Test
  void noYarn_leavesTestDfsioInThisJvm_andFaultsAlone() throws Exception {
    try (YarnHook none = YarnHook.none()) {
      none.nodesKilled(java.util.List.of("dn01"));
      none.nodeStopped("dn01");
      none.nodeRestarted("dn01");
      assertEquals("", none.describe());
    }
  }
}
