/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.junit.jupiter.api.Test;

/** The mover pools' size, as HDFS's Balancer computes it, and the reflective access to them on Hadoop 3.5.0. */
class DispatcherAccessTest {

  @Test
  void threadsPerTarget_shareTheMoverThreads_cappedByTheMovesANodeTakes() {
    assertEquals(100, DispatcherAccess.threadsPerTarget(1000, 4, 100), "HDFS's defaults, four targets");
    assertEquals(50, DispatcherAccess.threadsPerTarget(1000, 20, 100));
    assertEquals(1, DispatcherAccess.threadsPerTarget(1000, 1000, 100));
  }

  @Test
  void threadsPerTarget_isZero_whenTargetsOutnumberThreads_orThereAreNone() {
    assertEquals(0, DispatcherAccess.threadsPerTarget(1000, 1001, 100), "left to the dispatcher's allocation");
    assertEquals(0, DispatcherAccess.threadsPerTarget(1000, 0, 100));
  }

  @Test
  void open_findsThePackagePrivateMembers() throws Exception {
    assertNotNull(DispatcherAccess.open());
  }
}
