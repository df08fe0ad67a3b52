/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RackDiversityTest {

  @Test
  void aReplicaFromARackWithTwo_toANewRack_raises() {
    assertEquals(RackDiversity.RAISES, RackDiversity.of(List.of("A", "A", "B"), "A", "C"));
  }

  @Test
  void theLoneReplicaOfARack_toANewRack_keeps() {
    assertEquals(RackDiversity.KEEPS, RackDiversity.of(List.of("A", "A", "B"), "B", "C"));
  }

  @Test
  void aMoveWithinTheRack_keeps() {
    assertEquals(RackDiversity.KEEPS, RackDiversity.of(List.of("A", "B", "C"), "A", "A"));
  }

  @Test
  void theLoneReplicaOfARack_intoAnotherReplicasRack_lowers() {
    assertEquals(RackDiversity.LOWERS, RackDiversity.of(List.of("A", "B", "C"), "A", "B"));
  }

  @Test
  void aSourceRackWithoutReplica_isRejected() {
    assertThrows(IllegalArgumentException.class, () -> RackDiversity.of(List.of("A", "B"), "C", "D"));
  }

  @Test
  void spansMost_isAsManyRacksAsReplicas_orAsTheClusterHas() {
    assertTrue(RackDiversity.spansMost(List.of("A", "B", "C"), 4));
    assertFalse(RackDiversity.spansMost(List.of("A", "A", "B"), 4));
    assertTrue(RackDiversity.spansMost(List.of("A", "A", "B"), 2));
  }
}
