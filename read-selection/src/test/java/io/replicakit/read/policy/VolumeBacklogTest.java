/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Slots of 100 µs: a calendar of 12.8 ms. */
class VolumeBacklogTest {

  private static final long SLOT = 100;

  private final VolumeBacklog backlog = new VolumeBacklog(SLOT);

  private long finish(long release, long cost, long now) {
    return backlog.finishMicros(backlog.find("v"), backlog.window(release, now), cost, Long.MAX_VALUE);
  }

  private long book(long release, long cost, long now) {
    return backlog.add("v", backlog.find("v"), backlog.window(release, now), cost);
  }

  /**
   * Volumes come and go (disks replaced, DataNodes reformatted): one whose every booking has passed is forgotten
   * at the next prune, one with a booking still ahead (a queue piled past the calendar included) is kept. Until
   * session 51 every volume ever booked kept its 1 KiB calendar for the NameNode's life.
   */
  @Test
  void prune_forgetsVolumesWhoseBookingsHavePassed_andKeepsThoseWithReadsAhead() {
    long now = 1_000_000_000L;
    for (int i = 0; i < 1_000; i++) {
      backlog.add("gone-" + i, null, backlog.window(now, now), 3 * SLOT);
    }
    long pile = 2 * VolumeBacklog.PRUNE_INTERVAL_MICROS; // far past the calendar's end: piled in its last slot
    backlog.add("piled", null, backlog.window(now, now), pile);
    backlog.pruneIfDue(now);
    assertEquals(1_001, backlog.size(), "nothing has passed yet");

    long later = now + VolumeBacklog.PRUNE_INTERVAL_MICROS;
    backlog.add("recent", null, backlog.window(later, later), SLOT);
    backlog.pruneIfDue(later);

    assertEquals(2, backlog.size(), "the recent volume and the pile (" + pile + " µs from " + now + ") stay");
    assertNull(backlog.find("gone-0"));
    assertEquals(later + SLOT, backlog.finishMicros(backlog.find("gone-0"), backlog.window(later, later), SLOT,
        Long.MAX_VALUE), "a forgotten volume reads as idle, which it is");
    backlog.pruneIfDue(later + 1);
    assertEquals(2, backlog.size(), "at most one prune per interval");
  }

  @Test
  void aVolumeNeverSentAnything_finishesABlockAfterItsReadTime() {
    assertEquals(1_050, finish(1_000, 50, 1_000));
    assertEquals(1_550, finish(1_500, 50, 1_000), "released later: read then");
  }

  @Test
  void blocksQueueUp_andTheBacklogDrainsInRealTime() {
    assertEquals(1_100, book(1_000, 100, 1_000));
    assertEquals(1_200, book(1_000, 100, 1_000));
    assertEquals(1_250, finish(1_150, 50, 1_150), "50 still queued, then 50");
    assertEquals(5_050, finish(5_000, 50, 5_000), "drained: from now");
  }

  @Test
  void aReadReleasedLater_leavesTheTimeBeforeItFree() {
    assertEquals(3_100, book(3_000, 100, 1_000));
    assertEquals(1_250, book(1_000, 250, 1_000), "read before the later one is released");
    assertEquals(3_150, finish(2_900, 150, 1_000), "100 free before 3000, the other 50 after the booked read");
  }

  @Test
  void aReadReleasedInsideASlot_startsThere_andWhatASlotHoldsCountsFromItsStart() {
    assertEquals(1_090, book(1_040, 50, 1_000));
    assertEquals(1_090, finish(1_000, 40, 1_000), "50 booked in [1000, 1100): a read from 1000 starts at 1050");
    assertEquals(1_100, finish(1_000, 50, 1_000), "the slot's other 50");
  }

  @Test
  void aQueueLongerThanTheCalendar_isKeptInItsLastSlot_andMovesOnAsTimeDoes() {
    long total = 0;
    for (int i = 0; i < 400; i++) {
      total += 100;
      book(0, 100, 0);
    }
    assertEquals(total + 10, finish(0, 10, 0), "40,000 µs queued on a 12,800 µs calendar");
    // Later, booking moves what did not fit into the slots that have come into the calendar.
    assertEquals(total + 10, book(20_000, 10, 20_000));
    assertEquals(total + 20, finish(20_000, 10, 20_000));
    assertEquals(total + 20, finish(30_000, 10, 30_000), "not drained yet: 10,010 µs left at 30,000");
    assertEquals(45_010, finish(45_000, 10, 45_000), "drained");
  }

  /**
   * A queue piled past the calendar's end, walked for a read released after the pile drains: the read starts at its
   * release, not where the pile ends. Until session 52 the walk through a pile restarted each slot at the slot's
   * start, so both the estimate and the booking began before the reader would ask (164,000 µs here, for a read
   * released at 200,000) and the loaded volume beat an idle one (204,000).
   */
  @Test
  void aReadReleasedAfterAPile_startsAtItsRelease_onTheEstimateAndTheBooking() {
    VolumeBacklog slots1000 = new VolumeBacklog(1_000);
    for (int i = 0; i < 40; i++) {
      slots1000.add("v", slots1000.find("v"), slots1000.window(0, 0), 4_000); // 33,000 µs piled in slot 127
    }
    VolumeBacklog.Window released = slots1000.window(200_000, 100_000);

    assertEquals(204_000, slots1000.finishMicros(null, released, 4_000, Long.MAX_VALUE), "an idle volume");
    assertEquals(204_000, slots1000.finishMicros(slots1000.find("v"), released, 4_000, Long.MAX_VALUE),
        "the pile has drained by 160,000");
    assertEquals(204_000, slots1000.add("v", slots1000.find("v"), released, 4_000), "booked where estimated");
    assertEquals(208_000, slots1000.finishMicros(slots1000.find("v"), released, 4_000, Long.MAX_VALUE),
        "queued behind the read just booked");
  }

  /** The same for a pile in a slot whose time has passed: what it still holds at now is carried, then the release. */
  @Test
  void aReadReleasedAfterAPassedPile_startsAtItsRelease() {
    VolumeBacklog slots1000 = new VolumeBacklog(1_000);
    for (int i = 0; i < 60; i++) {
      slots1000.add("v", slots1000.find("v"), slots1000.window(0, 0), 4_000); // 113,000 µs piled in slot 127
    }
    VolumeBacklog.Window released = slots1000.window(260_000, 200_000); // the pile runs until 240,000

    assertEquals(264_000, slots1000.finishMicros(slots1000.find("v"), released, 4_000, Long.MAX_VALUE));
    assertEquals(264_000, slots1000.add("v", slots1000.find("v"), released, 4_000));
    VolumeBacklog.Window early = slots1000.window(230_000, 200_000);
    assertEquals(244_000, slots1000.finishMicros(slots1000.find("v"), early, 4_000, Long.MAX_VALUE),
        "released while the pile still runs: after it");
  }

  @Test
  void aVolumeIdleForHalfTheTagCycle_queuesReadsAgain() {
    // Every element tagged at slots 0..127; then nothing for more than half of the tags' 2^24-slot cycle, after
    // which an old tag looks ahead of the new slot of its element. Before the bound those elements read as taken by
    // later slots: nothing could be booked, and the volume looked idle however many reads it was sent.
    book(0, VolumeBacklog.SLOTS * SLOT, 0);
    long now = ((1L << 23) + VolumeBacklog.SLOTS) * SLOT;
    assertEquals(now + 100, book(now, 100, now));
    assertEquals(now + 150, finish(now, 50, now), "queued behind the read just booked");
  }

  @Test
  void aLaterSlotHoldingAnElement_isTaken_onlyWithinTheBound() {
    long later = 5L << VolumeBacklog.Entry.BOOKED_BITS | 40; // slot 5, 40 µs booked
    assertEquals(true, VolumeBacklog.Entry.taken(later, 5 - VolumeBacklog.SLOTS), "a calendar's length ahead");
    assertEquals(false, VolumeBacklog.Entry.taken(later, 5), "its own slot");
    assertEquals(false, VolumeBacklog.Entry.taken(later, 5 + VolumeBacklog.SLOTS), "a slot that has passed");
    assertEquals(false, VolumeBacklog.Entry.taken(later, 5 + (1L << 23) + VolumeBacklog.SLOTS),
        "an element more than half a cycle old");
  }

  @Test
  void aLimit_stopsTheWalk_onlyForAReadThatCannotStartBeforeIt() {
    book(1_000, 1_000, 1_000); // busy until 2000
    VolumeBacklog.Entry v = backlog.find("v");
    VolumeBacklog.Window at1000 = backlog.window(1_000, 1_000);
    assertEquals(Long.MAX_VALUE, backlog.finishMicros(v, at1000, 50, 2_000), "starts at 2000: cannot win");
    assertEquals(2_050, backlog.finishMicros(v, at1000, 50, 2_001), "starts before the limit: exact");
    assertEquals(2_050, backlog.finishMicros(v, at1000, 50, 2_050), "a tie is still seen");
  }

  @Test
  void aQueueOfHours_isKeptWhole() {
    // 2 × 50 minutes: more microseconds than 32 bits hold (the DeviceModel's 120,000 blocks of 128 MiB queue
    // days on a volume).
    book(0, 3_000_000_000L, 0);
    book(0, 3_000_000_000L, 0);
    assertEquals(6_000_000_010L, finish(0, 10, 0));
  }

  @Test
  void aReleaseBeyondTheCalendar_isBookedInItsLastSlot() {
    long end = book(1_000_000, 50, 0);
    assertEquals(127 * SLOT + 50, end);
    assertEquals(end + 50, finish(1_000_000, 50, 0), "queued after it");
  }

  @Test
  void aSlotWhoseTimeHasPassed_isFreeAgain() {
    book(0, 100, 0);
    assertEquals(128 * SLOT + 100, finish(128 * SLOT, 100, 128 * SLOT), "same element, a later slot");
    book(128 * SLOT, 100, 128 * SLOT);
    book(0, 100, 0); // decided long ago, booked late: its slot's element is the later slot's now
    assertEquals(128 * SLOT + 200, finish(128 * SLOT, 100, 128 * SLOT));
  }

  /**
   * Two handlers booking one volume at once, each noting the last slot it booked: the entry never reads as idle
   * before the later booking's slot has passed, so a prune cannot forget a volume with reads queued. Until session
   * 52 the note was a read then a write: the handler that booked the earlier slot could write it over the later
   * one, and a prune after the earlier slot dropped the volume with its queue. Each thread notes slots that grow,
   * the two interleaved, and checks its own note after each (the lost race shows as a slot not yet passed that
   * reads as idle).
   */
  @Test
  void concurrentNotesOfTheLastSlot_neverLeaveABookedSlotLookingIdle() throws Exception {
    int rounds = 20;
    int notes = 500_000;
    CyclicBarrier together = new CyclicBarrier(2);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    VolumeBacklog.Entry[] entries = new VolumeBacklog.Entry[rounds];
    Arrays.setAll(entries, r -> new VolumeBacklog.Entry("v"));
    try {
      List<Future<Long>> done = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        long first = t;
        done.add(pool.submit(() -> {
          long idleAfterNote = 0;
          for (VolumeBacklog.Entry entry : entries) {
            together.await(); // each round the two threads start at once
            for (long s = first; s < 2L * notes; s += 2) {
              entry.noteLast(s);
              idleAfterNote += entry.idleAt(s * SLOT, SLOT) ? 1 : 0;
            }
          }
          return idleAfterNote;
        }));
      }
      for (Future<Long> f : done) {
        assertEquals(0, f.get(60, TimeUnit.SECONDS), "notes after which the slot just booked read as passed");
      }
    } finally {
      pool.shutdownNow();
    }
    for (VolumeBacklog.Entry entry : entries) {
      assertFalse(entry.idleAt((2L * notes - 1) * SLOT, SLOT), "the last slot noted is the latest");
    }
  }

  @Test
  void concurrentAdds_loseNoBlock() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        done.add(pool.submit(() -> {
          for (int i = 0; i < 25_000; i++) {
            String v = "v" + (i % 3);
            backlog.add(v, backlog.find(v), backlog.window(0, 0), 2 + i % 7);
          }
        }));
      }
      for (Future<?> f : done) {
        f.get(30, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(3, backlog.size());
    long expected = 0;
    for (int i = 0; i < 25_000; i++) {
      expected += 4 * (2 + i % 7);
    }
    long total = 0;
    for (int v = 0; v < 3; v++) {
      total += backlog.finishMicros(backlog.find("v" + v), backlog.window(0, 0), 1, Long.MAX_VALUE) - 1;
    }
    assertEquals(expected, total);
  }
}
