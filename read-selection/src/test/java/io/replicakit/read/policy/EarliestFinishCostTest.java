/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A read's planned time, and what the calendar makes of the longest one. */
class EarliestFinishCostTest {

  @Test
  void aReadAtTheLowestSpeedOfTheLargestBlock_isPlannedAtMostADay() {
    assertEquals(EarliestFinish.MAX_READ_MICROS, EarliestFinish.costMicros(1L << 40, 0.01));
    assertEquals(EarliestFinish.MAX_READ_MICROS, EarliestFinish.costMicros(1L << 27, 1e-12));
    assertEquals(2_236_962, EarliestFinish.costMicros(1L << 27, 60), "128 MiB at 60 MB/s: 2.24 s");
    assertEquals(1, EarliestFinish.costMicros(1, 1e9));
  }

  /**
   * The cap fits the calendar: bookings of the longest planned read, one after another on one volume, end later
   * each time and never wrap (the uncapped cost of the first test's reads, near Long.MAX_VALUE, gave a booking end
   * of -9.2e18). Not a regression test of the cap itself; the first test is.
   */
  @Test
  void theLongestPlannedRead_fitsTheCalendar_bookingsEndInOrder() {
    VolumeBacklog backlog = new VolumeBacklog(EarliestFinish.MAX_READ_MICROS / 4);
    long previous = 0;
    for (int i = 0; i < 8; i++) {
      long end = backlog.add("v", backlog.find("v"), backlog.window(0, 0), EarliestFinish.MAX_READ_MICROS);
      assertTrue(end > previous, "booking " + i + " ends at " + end + " after " + previous);
      previous = end;
    }
  }
}
