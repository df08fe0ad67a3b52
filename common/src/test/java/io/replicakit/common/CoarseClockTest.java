/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CoarseClockTest {

  /** Generous: the ticker may be starved on a busy CI machine; the test is about following, not precision. */
  private static final long SLACK_MS = 2_000;

  @Test
  void wallAndMonotonic_followTheSystemClocks() {
    long wallBefore = System.currentTimeMillis();
    long monotonicBefore = System.nanoTime() / 1_000_000;
    long wall = CoarseClock.wallMs();
    long monotonic = CoarseClock.monotonicMs();

    assertTrue(Math.abs(wall - wallBefore) < SLACK_MS, "wall " + wall + " vs system " + wallBefore);
    assertTrue(Math.abs(monotonic - monotonicBefore) < SLACK_MS, "monotonic " + monotonic + " vs " + monotonicBefore);
  }

  @Test
  void bothClocksAdvance_andMonotonicNeverGoesBack() throws InterruptedException {
    long wallStart = CoarseClock.wallMs();
    long monotonicStart = CoarseClock.monotonicMs();
    long previous = monotonicStart;
    long deadline = System.nanoTime() + 10_000_000_000L;
    while ((CoarseClock.wallMs() <= wallStart || CoarseClock.monotonicMs() <= monotonicStart)
        && System.nanoTime() < deadline) {
      long now = CoarseClock.monotonicMs();
      assertTrue(now >= previous, "monotonic went back from " + previous + " to " + now);
      previous = now;
      Thread.sleep(1);
    }
    assertTrue(CoarseClock.wallMs() > wallStart, "wall clock advanced");
    assertTrue(CoarseClock.monotonicMs() > monotonicStart, "monotonic clock advanced");
  }
}
