/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadRoundsTest {

  private static final List<String> POLICIES = List.of("network-distance", "storage-type", "wrr", "drr");

  @Test
  void theBaseline_isFirstOnlyInTheFirstRound() {
    assertEquals(POLICIES, ReadRounds.order(POLICIES, 0));
    assertEquals(List.of("storage-type", "wrr", "drr", "network-distance"), ReadRounds.order(POLICIES, 1));
  }

  @Test
  void asManyRoundsAsPolicies_putEachPolicyInEachPositionOnce() {
    Map<String, Integer> positionsSeen = new HashMap<>();
    for (int round = 0; round < POLICIES.size(); round++) {
      List<String> order = ReadRounds.order(POLICIES, round);
      for (int position = 0; position < order.size(); position++) {
        positionsSeen.merge(order.get(position), 1 << position, Integer::sum);
      }
    }
    POLICIES.forEach(p -> assertEquals(0b1111, positionsSeen.get(p), p + " took every position once"));
  }

  @Test
  void noVariants_noOrder() {
    assertEquals(List.of(), ReadRounds.order(List.of(), 3));
  }
}
