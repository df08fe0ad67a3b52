/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.rpc.ManagerAnswer;
import org.junit.jupiter.api.Test;

class ManagerIncarnationsTest {

  private final ManagerIncarnations seen = new ManagerIncarnations();

  @Test
  void anotherIncarnationFromTheSameHost_replacesWhatWasHandedOutBefore_notAfter() {
    seen.answered("10.0.0.2", 7);
    long before = seen.mark();
    seen.answered("10.0.0.2", 8);
    long after = seen.mark();
    assertTrue(seen.replacedSince("10.0.0.2", before));
    assertFalse(seen.replacedSince("10.0.0.2", after));
    assertFalse(seen.replacedSince("10.0.0.3", before), "another host");
  }

  @Test
  void theFirstAnswer_theSameIncarnation_orNone_showNoRestart() {
    long mark = seen.mark();
    seen.answered("10.0.0.2", 7);
    seen.answered("10.0.0.2", 7);
    seen.answered("10.0.0.2", ManagerAnswer.UNKNOWN);
    assertFalse(seen.replacedSince("10.0.0.2", mark));
  }

  @Test
  void aHostNoLongerInFlight_isForgotten_andItsNextAnswerIsABaseline() {
    seen.answered("10.0.0.2", 7);
    seen.answered("10.0.0.3", 1);
    seen.keepOnly(java.util.Set.of("10.0.0.3"));
    long mark = seen.mark();
    seen.answered("10.0.0.2", 8);
    seen.answered("10.0.0.3", 2);
    assertFalse(seen.replacedSince("10.0.0.2", mark), "forgotten: a baseline");
    assertTrue(seen.replacedSince("10.0.0.3", mark), "followed: a restart");
  }

  @Test
  void clear_forgetsTheIncarnations() {
    seen.answered("10.0.0.2", 7);
    seen.clear();
    long mark = seen.mark();
    seen.answered("10.0.0.2", 8);
    assertFalse(seen.replacedSince("10.0.0.2", mark), "a first answer again");
  }
}
