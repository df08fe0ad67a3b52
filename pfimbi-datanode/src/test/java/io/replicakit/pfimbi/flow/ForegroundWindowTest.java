/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ForegroundWindowTest {

  @Test
  void withinTheWindowAfterForegroundWork_copiesAreSyncedAndHeldOnDirtyPressure_afterItNeither() {
    ForegroundWindow w = new ForegroundWindow(10_000);
    w.onSample(true, 1_000);
    w.onSample(false, 2_000);
    assertTrue(w.syncCopies(2_000) && w.holdOnDirtyPressure(2_000));
    assertTrue(w.syncCopies(11_000) && w.holdOnDirtyPressure(11_000));
    assertFalse(w.syncCopies(11_001) || w.holdOnDirtyPressure(11_001));
    w.onSample(true, 20_000);
    assertTrue(w.syncCopies(20_500), "foreground work again opens a new window");
  }

  @Test
  void nodeThatNeverSawForegroundWork_protectsNothing() {
    ForegroundWindow w = new ForegroundWindow(10_000);
    w.onSample(false, 1_000);
    assertFalse(w.syncCopies(1_000) || w.holdOnDirtyPressure(1_000));
  }

  @Test
  void windowZero_neverSyncs_andAlwaysHoldsOnDirtyPressure() {
    ForegroundWindow w = new ForegroundWindow(0);
    w.onSample(true, 1_000);
    assertFalse(w.syncCopies(1_000));
    assertTrue(w.holdOnDirtyPressure(1_000));
    assertTrue(w.holdOnDirtyPressure(1_000_000));
    assertThrows(IllegalArgumentException.class, () -> new ForegroundWindow(-1));
  }
}
