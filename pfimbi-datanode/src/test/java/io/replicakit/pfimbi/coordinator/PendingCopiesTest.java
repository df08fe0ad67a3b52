/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.rpc.NodeRef;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PendingCopiesTest {

  private static final NodeRef A = node(1);
  private static final NodeRef B = node(2);
  private static final NodeRef C = node(3);
  private static final NodeRef D = node(4);

  private static NodeRef node(int n) {
    return new NodeRef("dn" + n, "10.0.0." + n, "host" + n, 9866, 9867, 9864, "DISK");
  }

  @Test
  void ofTrackedFiles_countsTheLastTargetsOfEachBlock_asManyAsItsCopiesMissing() {
    Tracked file = new Tracked(new PfimbiSpec(4, 1, "f", 1), "/f", 0);
    file.started.put(1L, new Tracked.Started(0, List.of(A, B, C), 100, 0)); // 2 live: B and C wait
    file.started.put(2L, new Tracked.Started(0, List.of(B, C, D), 10, 0));  // 4 live: all landed
    file.started.put(3L, new Tracked.Started(0, List.of(), 1000, 0));       // had its copies when admitted
    Map<Long, Integer> live = Map.of(1L, 2, 2L, 4, 3L, 1);

    PendingCopies pending = PendingCopies.of(List.of(file), id -> live.get(id));

    assertEquals(List.of(0L, 100L, 100L, 0L), List.of(pending.bytes("dn1"), pending.bytes("dn2"),
        pending.bytes("dn3"), pending.bytes("dn4")));
  }

  @Test
  void lightest_prefersTheSmallestMaximum_thenTheSmallestTotal_thenTheFirst() {
    PendingCopies pending = new PendingCopies();
    pending.add(List.of(A), 50);
    pending.add(List.of(B, C), 30);

    assertEquals(List.of(C, D), pending.lightest(List.of(List.of(A, D), List.of(C, D))), "max 50 vs 30");
    assertEquals(List.of(C, D), pending.lightest(List.of(List.of(B, C), List.of(C, D))), "same max, total 60 vs 30");
    List<NodeRef> first = List.of(B, D);
    assertSame(first, pending.lightest(List.of(first, List.of(C, D))), "equal: the policy's first answer");
  }
}
