/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class ActivityMetricTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long U = DiskCounters.UNKNOWN;

  @Test
  void latency_isTheMeanWaitPerRequest_inMilliseconds() {
    DiskCounters before = new DiskCounters(100, 50_000_000, 0, 0, 0, 0);
    DiskCounters after = new DiskCounters(110, 50_000_000 + 10 * 4_000_000L, 0, 0, 0, SECOND / 10);

    assertEquals(4.0, ActivityMetric.LATENCY.between(before, after).getAsDouble(), 1e-9);
  }

  @Test
  void latency_ofAnIntervalWithoutRequests_isZero_becauseTheDiskWasIdle() {
    DiskCounters before = new DiskCounters(100, 5, U, U, U, 0);
    DiskCounters after = new DiskCounters(100, 5, U, U, U, SECOND);

    assertEquals(0.0, ActivityMetric.LATENCY.between(before, after).getAsDouble());
  }

  @Test
  void memDisk_isDiskThroughputPlusDirtyGrowth_inBytesPerSecond() {
    DiskCounters before = new DiskCounters(U, U, 1_000, 2_000, 10_000, 0);
    DiskCounters after = new DiskCounters(U, U, 1_000 + 300, 2_000 + 700, 10_000 + 500, SECOND / 2);

    assertEquals((300 + 700 + 500) * 2.0, ActivityMetric.MEMDISK.between(before, after).getAsDouble(), 1e-9);
  }

  @Test
  void memDisk_isNegative_whenTheCacheDrainsFasterThanTheDiskIsOtherwiseUsed() {
    DiskCounters before = new DiskCounters(U, U, 0, 0, 5_000, 0);
    DiskCounters after = new DiskCounters(U, U, 0, 1_000, 1_000, SECOND);

    OptionalDouble sample = ActivityMetric.MEMDISK.between(before, after);

    assertEquals(-3_000.0, sample.getAsDouble(), 1e-9);
    assertTrue(ActivityMetric.MEMDISK.canBeNegative());
    assertFalse(ActivityMetric.LATENCY.canBeNegative());
  }

  @Test
  void latency_withAnUnknownCounter_givesNoSample() {
    DiskCounters before = new DiskCounters(U, 0, 0, 0, 0, 0);
    DiskCounters after = new DiskCounters(10, 100, 0, 0, 0, SECOND);

    assertTrue(ActivityMetric.LATENCY.between(before, after).isEmpty());
  }

  @Test
  void memDisk_withUnknownDirtyBytes_givesNoSample() {
    DiskCounters before = new DiskCounters(0, 0, 0, 0, U, 0);
    DiskCounters after = new DiskCounters(0, 0, 10, 10, U, SECOND);

    assertTrue(ActivityMetric.MEMDISK.between(before, after).isEmpty());
  }

  @ParameterizedTest
  @EnumSource(ActivityMetric.class)
  void countersThatWentBack_giveNoSample_insteadOfANegativeRate(ActivityMetric metric) {
    DiskCounters before = new DiskCounters(1_000, 1_000, 1_000, 1_000, 0, 0);
    DiskCounters after = new DiskCounters(10, 10, 10, 10, 0, SECOND);

    assertTrue(metric.between(before, after).isEmpty());
  }

  @ParameterizedTest
  @EnumSource(ActivityMetric.class)
  void snapshotsWithoutElapsedTime_giveNoSample(ActivityMetric metric) {
    DiskCounters before = new DiskCounters(1, 1, 1, 1, 1, 5);
    DiskCounters after = new DiskCounters(2, 2, 2, 2, 2, 5);

    assertTrue(metric.between(before, after).isEmpty());
    assertTrue(metric.between(before, new DiskCounters(2, 2, 2, 2, 2, U)).isEmpty());
  }
}
