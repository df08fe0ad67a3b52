/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RoundGateTest {

  private static final long PAUSE = 300_000;

  @Test
  void roundThatCouldNotBalance_holdsTheNextForTheServiceInterval() {
    RoundGate gate = new RoundGate(PAUSE);
    assertTrue(gate.mayStart(1_000), "the first round is never held");
    gate.roundEnded(false, 61_000);
    assertFalse(gate.mayStart(121_000), "a check a minute later");
    assertFalse(gate.mayStart(61_000 + PAUSE - 1));
    assertTrue(gate.mayStart(61_000 + PAUSE));
  }

  @Test
  void roundThatBalanced_leavesTheNextToTheTrigger() {
    RoundGate gate = new RoundGate(PAUSE);
    gate.roundEnded(false, 0);
    gate.roundEnded(true, PAUSE);
    assertTrue(gate.mayStart(PAUSE + 1));
  }

  @Test
  void negativePause_isRefused() {
    assertThrows(IllegalArgumentException.class, () -> new RoundGate(-1));
  }
}
