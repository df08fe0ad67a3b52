/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class BalancerChoiceTest {

  @Test
  void aList_keepsItsOrder_withoutRepeats() {
    assertEquals(List.of(BalancerChoice.REPLICAKIT, BalancerChoice.HDFS),
        BalancerChoice.parse("replicakit, hdfs,replicakit"));
  }

  @Test
  void eachBalancer_hasItsOwnStage_andHdfsKeepsThePapersName() {
    assertEquals("balancing", BalancerChoice.HDFS.stage());
    assertEquals("balancing-replicakit", BalancerChoice.REPLICAKIT.stage());
  }

  @Test
  void anUnknownName_isRefused_listingTheChoices() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BalancerChoice.parse("mover"));
    assertTrue(e.getMessage().contains("hdfs, replicakit"), e.getMessage());
  }
}
