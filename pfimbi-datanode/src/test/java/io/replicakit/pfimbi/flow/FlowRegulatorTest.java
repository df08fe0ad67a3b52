/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.activity.KMeansThreshold;
import org.junit.jupiter.api.Test;

/** Centres seeded at 100 (busy) and 0 (idle), so the threshold sits near 50 throughout. */
class FlowRegulatorTest {

  private static FlowRegulator regulator(long guaranteedShare) {
    return new FlowRegulator(new KMeansThreshold(0.1, 100, 0), guaranteedShare);
  }

  @Test
  void beforeTheFirstSample_mayFlush_becauseNothingSaysTheDiskIsBusy() {
    FlowRegulator r = regulator(8);

    assertEquals(FlushDecision.NO_ACTIVITY_SAMPLE, r.decide());
    assertTrue(r.mayFlush());
  }

  @Test
  void dirtyPressure_holdsBackgroundWrites_onAnIdleLookingDisk_andStopsOnesUnderWay() {
    FlowRegulator r = regulator(0);
    r.onActivity(3);
    r.onDirtyPressure(true);

    assertEquals(FlushDecision.DIRTY_PRESSURE, r.decide());
    assertFalse(r.mayFlush());
    assertTrue(r.foregroundActive(), "a background block under way pauses between packets");
    assertFalse(r.activityBusy(), "dirty data alone is no writer at work (ForegroundWindow's signal)");

    r.onActivity(3);
    r.onDirtyPressure(false);
    assertEquals(FlushDecision.IDLE, r.decide());
  }

  @Test
  void dirtyPressure_stillLetsTheGuaranteedShareThrough() {
    FlowRegulator r = regulator(2);
    r.onForegroundBlocks(0);
    r.onActivity(3);
    r.onDirtyPressure(true);
    r.onForegroundBlocks(2);

    assertEquals(FlushDecision.GUARANTEED_SHARE, r.decide());
  }

  @Test
  void afterDirtyPressure_idleMustLastItsSamplesAgain() {
    FlowRegulator r = new FlowRegulator(new KMeansThreshold(0.1, 100, 0), 0, 2);
    r.onActivity(3);
    r.onActivity(3);
    r.onDirtyPressure(true);
    r.onActivity(3);
    r.onDirtyPressure(false);
    assertEquals(FlushDecision.BUSY, r.decide(), "one idle sample since the pressure ended");
    r.onActivity(3);
    r.onDirtyPressure(false);
    assertEquals(FlushDecision.IDLE, r.decide());
  }

  @Test
  void activityBelowTheThreshold_mayFlush() {
    FlowRegulator r = regulator(8);

    r.onActivity(3);

    assertEquals(FlushDecision.IDLE, r.decide());
  }

  /**
   * MemDisk below zero (a draining page cache) pulls the idle centre under zero, and idle samples of 0 then join
   * the busy cluster until the threshold itself is below 0. A disk with no activity must still count as idle.
   */
  @Test
  void noActivityAtAll_isIdle_evenWhenTheThresholdFellBelowZero() {
    FlowRegulator r = new FlowRegulator(new KMeansThreshold(0.5, 1, 0), 0);
    for (int i = 0; i < 20; i++) {
      r.onActivity(-8e6);
    }
    for (int i = 0; i < 20; i++) {
      r.onActivity(0);
    }
    assertTrue(r.threshold().threshold() < 0, "threshold " + r.threshold().threshold());

    assertEquals(FlushDecision.IDLE, r.decide());
    r.onActivity(1e6);
    assertEquals(FlushDecision.BUSY, r.decide());
  }

  @Test
  void withAnIdleStreakRequired_aSingleIdleSampleBetweenBusyOnes_doesNotFlush() {
    FlowRegulator r = new FlowRegulator(new KMeansThreshold(0.1, 100, 0), 0, 3);

    r.onActivity(90);
    r.onActivity(3);
    assertEquals(FlushDecision.BUSY, r.decide(), "one idle sample after a busy one");
    r.onActivity(2);
    assertEquals(FlushDecision.BUSY, r.decide(), "two");
    r.onActivity(0);
    assertEquals(FlushDecision.IDLE, r.decide(), "three in a row");
    r.onActivity(90);
    assertEquals(FlushDecision.BUSY, r.decide(), "a busy sample starts the streak again");
  }

  @Test
  void activityAboveTheThreshold_isBusy_belowIsNot() {
    FlowRegulator r = regulator(0);
    assertFalse(r.activityBusy(), "no sample yet");
    r.onActivity(90);
    assertTrue(r.activityBusy());
    r.onActivity(3);
    assertFalse(r.activityBusy());
  }

  @Test
  void activityAtOrAboveTheThreshold_waits() {
    FlowRegulator r = regulator(8);

    r.onActivity(90);

    assertEquals(FlushDecision.BUSY, r.decide());
    assertFalse(r.mayFlush());
  }

  @Test
  void busyDisk_afterNForegroundBlocks_flushesOneBackgroundBlock_thenWaitsForNMore() {
    FlowRegulator r = regulator(3);
    r.onActivity(90);
    r.onForegroundBlocks(1_000); // baseline

    r.onForegroundBlocks(1_002);
    assertEquals(FlushDecision.BUSY, r.decide());
    r.onForegroundBlocks(1_003);
    assertEquals(FlushDecision.GUARANTEED_SHARE, r.decide());

    r.onBackgroundWritten();
    assertEquals(0, r.foregroundSinceBackground());
    assertEquals(FlushDecision.BUSY, r.decide());
    r.onForegroundBlocks(1_006);
    assertEquals(FlushDecision.GUARANTEED_SHARE, r.decide());
  }

  @Test
  void guaranteedShareOfZero_neverFlushesOnABusyDisk() {
    FlowRegulator r = regulator(0);
    r.onActivity(90);
    r.onForegroundBlocks(0);

    r.onForegroundBlocks(1_000_000);

    assertEquals(FlushDecision.BUSY, r.decide());
  }

  @Test
  void foregroundCounterRestart_countsTheNewBlocks() {
    FlowRegulator r = regulator(5);
    r.onActivity(90);
    r.onForegroundBlocks(100);
    r.onForegroundBlocks(102);

    r.onForegroundBlocks(3); // the DataNode restarted its counter

    assertEquals(5, r.foregroundSinceBackground());
    assertEquals(FlushDecision.GUARANTEED_SHARE, r.decide());
  }

  @Test
  void nonFiniteActivity_isIgnored_andTheLastSampleStaysInForce() {
    FlowRegulator r = regulator(8);
    r.onActivity(90);

    assertFalse(r.onActivity(Double.NaN));

    assertEquals(90, r.latestActivity());
    assertEquals(FlushDecision.BUSY, r.decide());
  }

  @Test
  void unknownActivity_decidesAsBeforeTheFirstSample() {
    FlowRegulator r = regulator(8);
    r.onActivity(90);

    r.onActivityUnknown();

    assertEquals(FlushDecision.NO_ACTIVITY_SAMPLE, r.decide());
  }

  @Test
  void samples_trainTheThreshold() {
    FlowRegulator r = regulator(8);

    r.onActivity(90);

    assertEquals(1, r.threshold().samples());
    assertEquals(99, r.threshold().highCentre(), 1e-9);
  }

  @Test
  void badArguments_areRejected() {
    assertThrows(IllegalArgumentException.class, () -> regulator(-1));
    assertThrows(IllegalArgumentException.class, () -> new FlowRegulator(null, 1));
    assertThrows(IllegalArgumentException.class, () -> regulator(1).onForegroundBlocks(-1));
  }
}
