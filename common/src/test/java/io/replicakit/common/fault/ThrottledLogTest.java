/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ThrottledLogTest {

  @Test
  void firstOccurrenceIsWrittenThenAtMostOncePerPeriodWithTheSuppressedCount() {
    AtomicLong now = new AtomicLong(1_000);
    ThrottledLog log = new ThrottledLog(10_000, now::get);
    assertEquals(1, log.occurrence());
    assertEquals(0, log.occurrence());
    assertEquals(0, log.occurrence());
    now.addAndGet(10_000);
    assertEquals(3, log.occurrence(), "the line stands for itself and the two suppressed ones");
  }

  @Test
  void aFaultReturningAfterARecoveryIsWrittenAgain() {
    AtomicLong now = new AtomicLong(0);
    ThrottledLog log = new ThrottledLog(5_000, now::get);
    assertEquals(1, log.occurrence());
    now.addAndGet(3_600_000); // recovered for an hour, then the fault is back
    assertEquals(1, log.occurrence());
  }

  @Test
  void suffixNamesTheSuppressedOccurrences() {
    assertEquals("", ThrottledLog.suffix(1));
    assertEquals(" (4 more occurrences since the last report)", ThrottledLog.suffix(5));
  }
}
