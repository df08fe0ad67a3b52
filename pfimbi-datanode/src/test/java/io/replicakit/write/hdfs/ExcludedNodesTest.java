/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.DatanodeInfoBuilder;
import org.junit.jupiter.api.Test;

class ExcludedNodesTest {

  private static final long EXPIRY_MS = 600_000;

  private final AtomicLong now = new AtomicLong(1_000);
  private final ExcludedNodes excluded = new ExcludedNodes(EXPIRY_MS, now::get);

  private static DatanodeInfo node(int i) {
    return new DatanodeInfoBuilder().setNodeID(new DatanodeID("10.0.0." + i, "dn" + i, "uuid-" + i, 9866, 9864,
        9865, 9867)).build();
  }

  @Test
  void excludedNode_isOfferedAgain_onceItsExpiryHasPassed() {
    excluded.add(node(1));
    now.addAndGet(EXPIRY_MS - 1);
    assertArrayEquals(new DatanodeInfo[] {node(1)}, excluded.current());
    now.addAndGet(1);
    assertArrayEquals(new DatanodeInfo[0], excluded.current());
  }

  @Test
  void eachNode_expiresOnItsOwnTime() {
    excluded.add(node(1));
    now.addAndGet(EXPIRY_MS / 2);
    excluded.add(node(2));
    now.addAndGet(EXPIRY_MS / 2);
    assertArrayEquals(new DatanodeInfo[] {node(2)}, excluded.current());
  }

  @Test
  void nodeExcludedAgain_staysExcludedForAFullExpiryFromItsLastFailure() {
    excluded.add(node(1));
    excluded.add(node(2));
    now.addAndGet(EXPIRY_MS / 2);
    excluded.add(node(1));
    now.addAndGet(EXPIRY_MS / 2);
    assertArrayEquals(new DatanodeInfo[] {node(1)}, excluded.current());
  }

  @Test
  void zeroExpiry_excludesForNoTime_andNegativeIsRefused() {
    ExcludedNodes none = new ExcludedNodes(0, now::get);
    none.add(node(1));
    assertArrayEquals(new DatanodeInfo[0], none.current());
    assertThrows(IllegalArgumentException.class, () -> new ExcludedNodes(-1, now::get));
  }
}
