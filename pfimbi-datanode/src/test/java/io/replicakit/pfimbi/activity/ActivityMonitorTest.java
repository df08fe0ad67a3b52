/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ActivityMonitorTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long U = DiskCounters.UNKNOWN;

  /** Counters of a volume that has done {@code ios} requests of {@code msEach} ms each by time {@code t}. */
  private static DiskCounters latency(long ios, long msEach, long t) {
    return new DiskCounters(ios, ios * msEach * 1_000_000, U, U, U, t);
  }

  @Test
  void firstSnapshot_givesNoSample_andTheNextGivesTheAverageOverTheVolumes() {
    ActivityMonitor monitor = new ActivityMonitor(ActivityMetric.LATENCY);

    assertTrue(monitor.observe(Map.of("d1", latency(0, 0, 0), "d2", latency(0, 0, 0))).isEmpty());
    double sample = monitor.observe(Map.of("d1", latency(10, 2, SECOND), "d2", latency(10, 6, SECOND)))
        .getAsDouble();

    assertEquals(4.0, sample, 1e-9);
  }

  @Test
  void volumeWithUnknownCounters_isLeftOutOfTheAverage() {
    ActivityMonitor monitor = new ActivityMonitor(ActivityMetric.LATENCY);
    DiskCounters unknown = new DiskCounters(U, U, U, U, U, 0);
    monitor.observe(Map.of("d1", latency(0, 0, 0), "d2", unknown));

    double sample = monitor.observe(Map.of("d1", latency(5, 8, SECOND), "d2", unknown)).getAsDouble();

    assertEquals(8.0, sample, 1e-9);
  }

  @Test
  void noUsableVolume_givesNoSample() {
    ActivityMonitor monitor = new ActivityMonitor(ActivityMetric.MEMDISK);
    DiskCounters unknown = new DiskCounters(U, U, U, U, U, 0);
    monitor.observe(Map.of("d1", unknown));

    assertTrue(monitor.observe(Map.of("d1", unknown)).isEmpty());
    assertTrue(monitor.observe(Map.of()).isEmpty());
  }

  @Test
  void volumeAddedLater_contributesFromItsSecondSnapshot_andARemovedOneIsForgotten() {
    ActivityMonitor monitor = new ActivityMonitor(ActivityMetric.LATENCY);
    monitor.observe(Map.of("d1", latency(0, 0, 0)));

    assertEquals(3.0, monitor.observe(Map.of("d1", latency(1, 3, SECOND), "d2", latency(0, 0, SECOND)))
        .getAsDouble(), 1e-9);
    assertEquals(5.0, monitor.observe(Map.of("d1", latency(2, 3, 2 * SECOND), "d2", latency(1, 7, 2 * SECOND)))
        .getAsDouble(), 1e-9);
    assertTrue(monitor.observe(Map.of("d3", latency(0, 0, 3 * SECOND))).isEmpty());
  }

  @Test
  void memDiskAverage_addsTheHostWideDirtyRateOnce() {
    ActivityMonitor monitor = new ActivityMonitor(ActivityMetric.MEMDISK);
    monitor.observe(Map.of("d1", new DiskCounters(U, U, 0, 0, 1_000, 0),
        "d2", new DiskCounters(U, U, 0, 0, 1_000, 0)));

    double sample = monitor.observe(Map.of("d1", new DiskCounters(U, U, 0, 100, 1_500, SECOND),
        "d2", new DiskCounters(U, U, 0, 300, 1_500, SECOND))).getAsDouble();

    assertEquals(200 + 500, sample, 1e-9);
  }

  @Test
  void nullMetric_isRejected() {
    assertThrows(IllegalArgumentException.class, () -> new ActivityMonitor(null));
  }
}
