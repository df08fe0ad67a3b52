/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackoffTest {

  @Test
  void isReady_beforeAnyFailure() {
    Backoff b = new Backoff(1_000, 8_000);

    assertTrue(b.ready(0));
    assertTrue(b.ready(-1_000_000));
    assertTrue(b.ready(Long.MAX_VALUE));
    assertEquals(0, b.failures());
  }

  @Test
  void afterOneFailure_waitsTheInitialDelay() {
    Backoff b = new Backoff(1_000, 8_000);

    assertEquals(1_000, b.failed(5_000));

    assertFalse(b.ready(5_000));
    assertFalse(b.ready(5_999));
    assertTrue(b.ready(6_000));
    assertEquals(1, b.failures());
  }

  @Test
  void furtherFailures_doubleTheWait_upToTheCeiling() {
    Backoff b = new Backoff(1_000, 10_000);
    List<Long> waits = new ArrayList<>();
    long now = 0;
    for (int i = 0; i < 7; i++) {
      long wait = b.failed(now);
      waits.add(wait);
      assertFalse(b.ready(now + wait - 1), "failure " + (i + 1));
      assertTrue(b.ready(now + wait), "failure " + (i + 1));
      now += wait;
    }

    assertEquals(List.of(1_000L, 2_000L, 4_000L, 8_000L, 10_000L, 10_000L, 10_000L), waits);
    assertEquals(7, b.failures());
  }

  @Test
  void manyFailures_stayAtTheCeiling() {
    Backoff b = new Backoff(3_000, 300_000);
    long wait = 0;
    for (int i = 0; i < 1_000; i++) {
      wait = b.failed(i);
    }

    assertEquals(300_000, wait);
  }

  @Test
  void initialEqualToMax_alwaysWaitsThatLong() {
    Backoff b = new Backoff(500, 500);

    assertEquals(500, b.failed(0));
    assertEquals(500, b.failed(500));
    assertEquals(500, b.failed(1_000));
  }

  @Test
  void succeeded_resetsToReady_andTheNextFailureWaitsTheInitialDelayAgain() {
    Backoff b = new Backoff(1_000, 60_000);
    b.failed(0);
    b.failed(1_000);
    b.failed(3_000);
    assertFalse(b.ready(4_000));

    b.succeeded();

    assertTrue(b.ready(4_000));
    assertEquals(0, b.failures());
    assertEquals(1_000, b.failed(4_000));
    assertFalse(b.ready(4_999));
    assertTrue(b.ready(5_000));
  }

  @Test
  void constructor_rejectsNonPositiveInitial_andMaxBelowInitial() {
    assertThrows(IllegalArgumentException.class, () -> new Backoff(0, 1_000));
    assertThrows(IllegalArgumentException.class, () -> new Backoff(-1, 1_000));
    assertThrows(IllegalArgumentException.class, () -> new Backoff(1_000, 999));
    assertThrows(IllegalArgumentException.class, () -> new Backoff(1_000, -1));
  }

  @Test
  void hugeCeiling_neverOverflowsIntoAZeroWait() {
    Backoff backoff = new Backoff(1, Long.MAX_VALUE / 2);
    long wait = 0;
    for (int i = 0; i < 100; i++) {
      wait = backoff.failed(0);
      assertTrue(wait >= 1, "wait " + wait + " after " + (i + 1) + " failures");
    }
    assertEquals(Long.MAX_VALUE / 2, wait);
  }
}
