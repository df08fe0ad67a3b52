/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which connections each write approach opens for a block (paper §II). */
class RouteTest {

  @Test
  void broadcast_isOneDirectLegPerReplica() {
    assertEquals(List.of(new Route.Leg(new int[] {0}, false), new Route.Leg(new int[] {1}, false),
        new Route.Leg(new int[] {2}, false)), Route.legs(WriteMode.BROADCAST, 3));
  }

  @Test
  void masterSlave_isOneLegToTheFirstNodesRelay_reachingAll() {
    assertEquals(List.of(new Route.Leg(new int[] {0, 1, 2}, true)), Route.legs(WriteMode.MASTER_SLAVE, 3));
    assertEquals(List.of(new Route.Leg(new int[] {0}, false)), Route.legs(WriteMode.MASTER_SLAVE, 1),
        "one replica: nothing to relay");
  }

  @Test
  void pipeline_isOneChain() {
    assertEquals(List.of(new Route.Leg(new int[] {0, 1}, false)), Route.legs(WriteMode.PIPELINE, 2));
  }

  @Test
  void aLegNamesTheBlocksNodeForEachAckReply() {
    Route.Leg leg = new Route.Leg(new int[] {2, 0}, true);
    assertEquals(2, leg.first());
    assertEquals(0, leg.node(1));
    assertThrows(IllegalArgumentException.class, () -> Route.legs(WriteMode.BROADCAST, 0));
  }
}
