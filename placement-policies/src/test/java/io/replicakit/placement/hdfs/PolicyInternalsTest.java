/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.placement.policy.BalancedBlockPlacementPolicy;
import io.replicakit.placement.policy.StateAwareBlockPlacementPolicy;
import java.util.List;
import org.apache.hadoop.hdfs.server.blockmanagement.ReplicaKitPlacementPolicy;
import org.apache.hadoop.net.ReplicaKitTopology;
import org.apache.hadoop.util.VersionInfo;
import org.junit.jupiter.api.Test;

/** The policies' list of Hadoop internals against the Hadoop they are built for (3.5.0, the test class path). */
class PolicyInternalsTest {

  @Test
  void list_resolvesOnHadoop350() {
    assertEquals("3.5.0", VersionInfo.getVersion());
    assertEquals(List.of(), PolicyInternals.API.missing(PolicyCore.class.getClassLoader()));
    assertDoesNotThrow(() -> PolicyInternals.API.check());
  }

  @Test
  void list_namesEveryHadoopMemberThePoliciesUse() {
    assertEquals(List.of(), PolicyInternals.API.undeclared(PolicyCore.class, BalancedCore.class,
        StateAwareCore.class, CandidateDraw.class, CandidateDraw.Request.class, NodeSnapshot.class,
        ReplicaKitTopology.class, TwoRacksPolicy.class, SpreadPolicy.class, RackRules.class, PlacementMetrics.class,
        ReplicaKitPlacementPolicy.class, BalancedBlockPlacementPolicy.class, StateAwareBlockPlacementPolicy.class));
  }
}
