/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CopySyncTest {

  @Test
  void copiesWithinTheWindowAfterForegroundWork_areSynced_laterOnesAreNot() {
    CopySync sync = new CopySync(10_000);
    sync.onSample(true, 1_000);
    sync.onSample(false, 2_000);
    assertTrue(sync.syncAt(2_000));
    assertTrue(sync.syncAt(11_000));
    assertFalse(sync.syncAt(11_001));
    sync.onSample(true, 20_000);
    assertTrue(sync.syncAt(20_500), "foreground work again opens a new window");
  }

  @Test
  void nodeThatNeverSawForegroundWork_doesNotSync() {
    CopySync sync = new CopySync(10_000);
    sync.onSample(false, 1_000);
    assertFalse(sync.syncAt(1_000));
  }

  @Test
  void windowZero_neverSyncs() {
    CopySync sync = new CopySync(0);
    sync.onSample(true, 1_000);
    assertFalse(sync.syncAt(1_000));
    assertThrows(IllegalArgumentException.class, () -> new CopySync(-1));
  }
}
