/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.sample;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.HostMetrics;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RatesTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long MILLI = 1_000_000L;
  private static final long MIB = 1L << 20;
  private static final long GIB = 1L << 30;
  private static final long UNKNOWN = VolumeCounters.UNKNOWN;
  private static final VolumeRef VOLUME = new VolumeRef("DS-1", "SSD", "/data/1");

  private static VolumeCounters counters(String device, long ios, long readBytes, long writeBytes, long busyNanos,
      long ioNanos, long inFlight, long atNanos) {
    return new VolumeCounters(VOLUME, device, ios, readBytes, writeBytes, busyNanos, ioNanos, inFlight, atNanos);
  }

  private static VolumeCounters counters(long ios, long readBytes, long writeBytes, long busyNanos, long ioNanos,
      long inFlight, long atNanos) {
    return counters("/dev/sdb", ios, readBytes, writeBytes, busyNanos, ioNanos, inFlight, atNanos);
  }

  /** A plausible earlier reading at t = 10 s. */
  private static VolumeCounters base() {
    return counters(1_000, 100 * MIB, 50 * MIB, 3 * SECOND, 7 * SECOND, 0, 10 * SECOND);
  }

  private static void assertAllMissing(VolumeMetrics m) {
    assertTrue(Double.isNaN(m.awaitMs()), "await " + m.awaitMs());
    assertTrue(Double.isNaN(m.readKbPerSec()), "read " + m.readKbPerSec());
    assertTrue(Double.isNaN(m.writeKbPerSec()), "write " + m.writeKbPerSec());
    assertTrue(Double.isNaN(m.utilizationPct()), "util " + m.utilizationPct());
    assertTrue(Double.isNaN(m.queueLength()), "queue " + m.queueLength());
    assertFalse(m.hasIo());
    assertFalse(m.hasUtilization());
  }

  // ---- host ----

  @Test
  void cpuIdle_isTheIdleTickShareOfTheInterval() {
    HostCounters earlier = new HostCounters(10_000, 6_000, 16 * GIB, 8 * GIB, 0);
    HostCounters now = new HostCounters(11_000, 6_250, 16 * GIB, 8 * GIB, SECOND);

    assertEquals(25.0, Rates.host(earlier, now).cpuIdlePct(), 1e-9);
  }

  @Test
  void cpuIdle_takesTheSourcesIdleTicksAsGiven_soIoWaitCountsAsIdle() {
    // The source folds I/O wait into cpuIdleTicks; all 800 of the interval's idle ticks count, none subtracted.
    HostCounters earlier = new HostCounters(0, 0, GIB, GIB, 0);
    HostCounters now = new HostCounters(1_000, 800, GIB, GIB, SECOND);

    assertEquals(80.0, Rates.host(earlier, now).cpuIdlePct(), 1e-9);
  }

  @Test
  void firstReading_hasNoCpu_butHasMemory() {
    HostMetrics m = Rates.host(null, new HostCounters(5_000, 1_000, 16 * GIB, 4 * GIB, SECOND));

    assertTrue(Double.isNaN(m.cpuIdlePct()));
    assertFalse(m.hasCpu());
    assertTrue(m.hasMemory());
    assertEquals(25.0, m.memoryFreePct(), 1e-9);
    assertEquals(16 * GIB, m.memoryTotalBytes());
  }

  @Test
  void noCpuTicksElapsed_yieldsMissingCpu() {
    HostCounters earlier = new HostCounters(1_000, 500, GIB, GIB, 0);
    HostCounters now = new HostCounters(1_000, 500, GIB, GIB, SECOND);

    assertFalse(Rates.host(earlier, now).hasCpu());
  }

  @Test
  void cpuTicksWentBackwards_yieldsMissingCpu() {
    HostCounters earlier = new HostCounters(10_000, 5_000, GIB, GIB, 0);

    assertFalse(Rates.host(earlier, new HostCounters(100, 50, GIB, GIB, SECOND)).hasCpu(), "total reset");
    assertFalse(Rates.host(earlier, new HostCounters(11_000, 4_000, GIB, GIB, SECOND)).hasCpu(), "idle reset");
  }

  @Test
  void cpuIdle_isClampedTo100_whenIdleTicksExceedTotal() {
    HostCounters earlier = new HostCounters(0, 0, GIB, GIB, 0);
    HostCounters now = new HostCounters(1_000, 1_200, GIB, GIB, SECOND);

    assertEquals(100.0, Rates.host(earlier, now).cpuIdlePct(), 1e-9);
  }

  @Test
  void zeroTotalMemory_yieldsMissingMemory() {
    HostMetrics m = Rates.host(null, new HostCounters(1, 1, 0, 0, 0));

    assertFalse(m.hasMemory());
    assertEquals(-1, m.memoryTotalBytes());
  }

  // ---- volume: rates ----

  @Test
  void readAndWrite_areKibibytesPerSecond() {
    VolumeCounters earlier = base();
    VolumeCounters now = counters(1_100, 100 * MIB + 4 * MIB, 50 * MIB + MIB, 3 * SECOND, 7 * SECOND, 0,
        12 * SECOND);

    VolumeMetrics m = Rates.volume(earlier, now);

    assertEquals(2048.0, m.readKbPerSec(), 1e-9);
    assertEquals(512.0, m.writeKbPerSec(), 1e-9);
  }

  @Test
  void utilization_isBusyTimeShareOfTheInterval() {
    VolumeCounters earlier = base();
    VolumeCounters now = counters(1_100, 100 * MIB, 50 * MIB, 3 * SECOND + SECOND / 2, 7 * SECOND, 0,
        12 * SECOND);

    assertEquals(25.0, Rates.volume(earlier, now).utilizationPct(), 1e-9);
  }

  @Test
  void utilization_isClampedTo100_whenBusyExceedsTheInterval() {
    VolumeCounters earlier = base();
    VolumeCounters now = counters(1_100, 100 * MIB, 50 * MIB, 3 * SECOND + 3 * SECOND, 7 * SECOND, 0,
        12 * SECOND);

    assertEquals(100.0, Rates.volume(earlier, now).utilizationPct(), 1e-9);
  }

  @Test
  void awaitAndQueue_comeFromIoTime_whenKnown() {
    // 100 requests spent 500 ms in the device in total over 2 s: 5 ms each, 0.25 requests on average.
    VolumeCounters earlier = base();
    VolumeCounters now = counters(1_100, 100 * MIB, 50 * MIB, 3 * SECOND + 400 * MILLI,
        7 * SECOND + 500 * MILLI, 9, 12 * SECOND);

    VolumeMetrics m = Rates.volume(earlier, now);

    assertEquals(5.0, m.awaitMs(), 1e-9);
    assertEquals(0.25, m.queueLength(), 1e-9);
  }

  @Test
  void awaitIsEstimatedFromBusyPerRequestAndInFlight_whenIoTimeUnknown() {
    // busy 1 s over 100 requests = 10 ms each; 3 in flight: (10 ms) * (1 + 3) = 40 ms; queue = in flight.
    VolumeCounters earlier = counters(1_000, 0, 0, 2 * SECOND, UNKNOWN, 7, 10 * SECOND);
    VolumeCounters now = counters(1_100, 0, 0, 3 * SECOND, UNKNOWN, 3, 12 * SECOND);

    VolumeMetrics m = Rates.volume(earlier, now);

    assertEquals(40.0, m.awaitMs(), 1e-9);
    assertEquals(3.0, m.queueLength(), 1e-9);
    assertEquals(50.0, m.utilizationPct(), 1e-9);
  }

  @Test
  void estimate_withUnknownInFlight_assumesNoneQueued_andHasNoQueueLength() {
    VolumeCounters earlier = counters(1_000, 0, 0, 2 * SECOND, UNKNOWN, UNKNOWN, 10 * SECOND);
    VolumeCounters now = counters(1_100, 0, 0, 3 * SECOND, UNKNOWN, UNKNOWN, 12 * SECOND);

    VolumeMetrics m = Rates.volume(earlier, now);

    assertEquals(10.0, m.awaitMs(), 1e-9);
    assertTrue(Double.isNaN(m.queueLength()));
  }

  @Test
  void noRequests_yieldsZeroAwait_withIoTimeKnown() {
    VolumeCounters earlier = base();
    VolumeCounters now = counters(1_000, 100 * MIB, 50 * MIB, 3 * SECOND, 7 * SECOND, 0, 12 * SECOND);

    VolumeMetrics m = Rates.volume(earlier, now);

    assertEquals(0.0, m.awaitMs());
    assertEquals(0.0, m.queueLength());
    assertEquals(0.0, m.utilizationPct());
    assertEquals(0.0, m.readKbPerSec());
    assertEquals(0.0, m.writeKbPerSec());
  }

  @Test
  void noRequests_yieldsZeroAwait_withIoTimeUnknown() {
    VolumeCounters earlier = counters(1_000, 0, 0, 2 * SECOND, UNKNOWN, 0, 10 * SECOND);
    VolumeCounters now = counters(1_000, 0, 0, 2 * SECOND, UNKNOWN, 4, 12 * SECOND);

    assertEquals(0.0, Rates.volume(earlier, now).awaitMs());
  }

  @Test
  void metrics_carryTheVolumeAndDeviceOfTheLaterReading() {
    VolumeMetrics m = Rates.volume(base(), counters(1_100, 100 * MIB, 50 * MIB, 3 * SECOND, 7 * SECOND, 0,
        11 * SECOND));

    assertEquals("DS-1", m.storageId());
    assertEquals("SSD", m.storageType());
    assertEquals("/dev/sdb", m.device());
    assertTrue(m.hasIo());
    assertTrue(m.hasUtilization());
  }

  // ---- volume: missing ----

  @Test
  void noEarlierReading_yieldsMissingMetrics() {
    VolumeMetrics m = Rates.volume(null, base());

    assertAllMissing(m);
    assertEquals("DS-1", m.storageId());
    assertEquals("SSD", m.storageType());
    assertEquals("/dev/sdb", m.device());
  }

  @Test
  void deviceChanged_yieldsMissingMetrics() {
    VolumeCounters now = counters("/dev/sdc", 1_100, 101 * MIB, 51 * MIB, 4 * SECOND, 8 * SECOND, 0,
        12 * SECOND);

    VolumeMetrics m = Rates.volume(base(), now);

    assertAllMissing(m);
    assertEquals("/dev/sdc", m.device());
  }

  @Test
  void unavailableNow_yieldsMissingMetrics() {
    VolumeMetrics m = Rates.volume(base(), VolumeCounters.unavailable(VOLUME, 12 * SECOND));

    assertAllMissing(m);
    assertEquals("", m.device());
  }

  @Test
  void unavailableEarlier_yieldsMissingMetrics() {
    VolumeCounters now = counters(1_100, 101 * MIB, 51 * MIB, 4 * SECOND, 8 * SECOND, 0, 12 * SECOND);

    assertAllMissing(Rates.volume(VolumeCounters.unavailable(VOLUME, 10 * SECOND), now));
  }

  @Test
  void noTimePassed_yieldsMissingMetrics() {
    VolumeCounters now = counters(1_100, 101 * MIB, 51 * MIB, 4 * SECOND, 8 * SECOND, 0, 10 * SECOND);

    assertAllMissing(Rates.volume(base(), now));
  }

  @Test
  void ioTimeBecomingUnknown_fallsBackToTheEstimate_notToMissing() {
    VolumeCounters now = counters(1_100, 101 * MIB, 51 * MIB, 4 * SECOND, UNKNOWN, 2, 11 * SECOND);

    VolumeMetrics m = Rates.volume(base(), now);

    assertEquals(100.0, m.utilizationPct(), 1e-9);
    assertEquals(1000.0 / 100 * 3, m.awaitMs(), 1e-9, "(1 s busy / 100 ios) * (1 + 2 in flight)");
    assertEquals(2.0, m.queueLength(), 1e-9);
  }

  @Test
  void clockWentBackwards_yieldsMissingMetrics() {
    VolumeCounters now = counters(1_100, 101 * MIB, 51 * MIB, 4 * SECOND, 8 * SECOND, 0, 9 * SECOND);

    assertAllMissing(Rates.volume(base(), now));
  }

  /** 0 ios, 1 readBytes, 2 writeBytes, 3 busyNanos, 4 ioNanos. */
  @ParameterizedTest(name = "counter {0}")
  @ValueSource(ints = {0, 1, 2, 3, 4})
  void counterReset_yieldsMissingMetrics(int which) {
    long[] c = {1_100, 101 * MIB, 51 * MIB, 4 * SECOND, 8 * SECOND};
    c[which] = 0; // below the earlier reading: the device's counters were reset
    VolumeCounters now = counters(c[0], c[1], c[2], c[3], c[4], 0, 12 * SECOND);

    assertAllMissing(Rates.volume(base(), now));
  }

  @Test
  void counterResetCheck_isNotFooledByANormalInterval() {
    // Control for counterReset_yieldsMissingMetrics: the same reading without the reset has metrics.
    VolumeCounters now = counters(1_100, 101 * MIB, 51 * MIB, 4 * SECOND, 8 * SECOND, 0, 12 * SECOND);

    assertTrue(Rates.volume(base(), now).hasIo());
  }
}
