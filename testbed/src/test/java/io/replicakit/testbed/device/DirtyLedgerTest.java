/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DirtyLedgerTest {

  private static final long KIB = 1024;
  private static final long MS = 1_000_000L;
  private static final long SEC = 1_000 * MS;
  /** Two writers (files). */
  private static final long W1 = 1;
  private static final long W2 = 2;
  /** 1 MiB of memory at Linux's default ratios: background 10 %, limit 20 %, expire 30 s, wake every 5 s. */
  private static final DirtyLedger.Limits LIMITS = new DirtyLedger.Limits(100 * KIB, 200 * KIB, 30 * SEC, 5 * SEC);

  private final DirtyLedger ledger = new DirtyLedger(LIMITS, 16 * KIB);

  @Test
  void belowBackgroundThreshold_nothingIsFlushedUntilItExpires() {
    ledger.dirtied("v1", W1, 90 * KIB, 0);
    assertEquals(Optional.empty(), ledger.nextFlush("v1", 29 * SEC));
    assertEquals(90 * KIB, ledger.dirtyBytes());
    assertEquals(30 * SEC, ledger.nextWake("v1"));
    assertEquals(16 * KIB, ledger.nextFlush("v1", 30 * SEC).orElseThrow().bytes());
  }

  @Test
  void expiredData_waitsForThePeriodicWakeUp() {
    ledger.dirtied("v1", W1, 10 * KIB, 1 * SEC);
    assertEquals(35 * SEC, ledger.nextWake("v1"), "expires at 31 s; the flusher wakes every 5 s");
    assertEquals(Optional.empty(), ledger.nextFlush("v1", 34 * SEC));
    assertTrue(ledger.nextFlush("v1", 35 * SEC).isPresent());
  }

  @Test
  void aboveBackgroundThreshold_oldestIsFlushedUntilBackUnderIt() {
    ledger.dirtied("v1", W1, 60 * KIB, 0);
    ledger.dirtied("v1", W1, 60 * KIB, 1 * SEC);
    long flushed = 0;
    for (Optional<DirtyLedger.Chunk> c = ledger.nextFlush("v1", 2 * SEC); c.isPresent();
        c = ledger.nextFlush("v1", 2 * SEC)) {
      ledger.flushed(c.get());
      flushed += c.get().bytes();
    }
    assertEquals(32 * KIB, flushed, "two chunks take 120 KiB to 88 KiB, under the 100 KiB threshold");
    assertEquals(88 * KIB, ledger.held());
    assertEquals(30 * SEC, ledger.nextWake("v1"), "the rest of the first write is still the oldest");
  }

  @Test
  void bytesUnderWriteBack_countAgainstTheThresholdsUntilFlushed() {
    ledger.dirtied("v1", W1, 110 * KIB, 0);
    DirtyLedger.Chunk chunk = ledger.nextFlush("v1", 0).orElseThrow();
    assertEquals(94 * KIB, ledger.dirtyBytes());
    assertEquals(16 * KIB, ledger.writebackBytes());
    assertTrue(ledger.nextFlush("v1", 0).isPresent(), "held is still 110 KiB until the chunk is on the device");
    ledger.flushed(chunk);
    assertEquals(94 * KIB, ledger.held());
  }

  @Test
  void writerPastTheLimit_waitsUntilFlushingMakesRoom() {
    ledger.dirtied("v1", W1, 190 * KIB, 0);
    assertFalse(ledger.admits(16 * KIB));
    DirtyLedger.Chunk chunk = ledger.nextFlush("v1", 0).orElseThrow();
    assertFalse(ledger.admits(16 * KIB), "under write-back still counts");
    ledger.flushed(chunk);
    assertTrue(ledger.admits(16 * KIB));
  }

  @Test
  void waitingWriterThatDoesNotFit_isFlushedForEvenBelowTheBackgroundThreshold() {
    ledger.dirtied("v1", W1, 90 * KIB, 0);
    assertFalse(ledger.admits(150 * KIB), "90 + 150 KiB is past the 200 KiB limit");
    assertEquals(Optional.empty(), ledger.nextFlush("v1", 0), "90 KiB is under the background threshold");
    ledger.waiting(150 * KIB);
    long flushed = 0;
    for (Optional<DirtyLedger.Chunk> c = ledger.nextFlush("v1", 0); c.isPresent(); c = ledger.nextFlush("v1", 0)) {
      ledger.flushed(c.get());
      flushed += c.get().bytes();
    }
    assertTrue(ledger.admits(150 * KIB), "flushed " + flushed + " B, until it fits");
    assertEquals(48 * KIB, flushed);
    ledger.waiting(-150 * KIB);
    assertThrows(IllegalStateException.class, () -> ledger.waiting(-1));
  }

  @Test
  void writeLargerThanTheLimit_isLetInWhenNothingIsHeld() {
    assertTrue(ledger.admits(1024 * KIB));
  }

  @Test
  void eachVolumeFlushesOnlyItsOwnData() {
    ledger.dirtied("v1", W1, 150 * KIB, 0);
    assertEquals(Optional.empty(), ledger.nextFlush("v2", 0));
    ledger.dirtied("v2", W1, 10 * KIB, 0);
    assertEquals("v2", ledger.nextFlush("v2", 0).orElseThrow().volume(), "over the machine's threshold: v2 too");
  }

  @Test
  void fsync_takesItsWritersDataOnItsVolume_andNothingElse() {
    ledger.dirtied("v1", W1, 40 * KIB, 0);
    ledger.dirtied("v1", W2, 25 * KIB, 0);
    ledger.dirtied("v2", W1, 30 * KIB, 0);
    ledger.dirtied("v1", W1, 20 * KIB, 3 * SEC);
    DirtyLedger.Chunk mine = ledger.takeWriter("v1", W1).orElseThrow();
    assertEquals(60 * KIB, mine.bytes());
    assertEquals(55 * KIB, ledger.dirtyBytes(), "the other writer's and the other volume's stay dirty");
    assertEquals(60 * KIB, ledger.writebackBytes());
    ledger.flushed(mine);
    assertEquals(25 * KIB, ledger.held("v1"));
    assertEquals(Optional.empty(), ledger.takeWriter("v1", W1));
    assertFalse(ledger.inFlight(W1), "nothing of W1 under write-back once flushed");
  }

  @Test
  void writesOfTwoWriters_keepTheirOrder_forTheFlusher() {
    ledger.dirtied("v1", W1, 100 * KIB, 0);
    ledger.dirtied("v1", W2, 60 * KIB, 0);
    DirtyLedger.Chunk first = ledger.nextFlush("v1", 0).orElseThrow();
    assertEquals(16 * KIB, first.bytes(), "the oldest first, a chunk at a time");
    assertEquals(Set.of(W1), first.writers());
    assertTrue(ledger.inFlight(W1), "an fsync by W1 now also waits for the flusher's chunk");
    assertEquals(84 * KIB, ledger.takeWriter("v1", W1).orElseThrow().bytes(), "what the flusher left of W1");
    assertEquals(60 * KIB, ledger.takeWriter("v1", W2).orElseThrow().bytes());
  }

  @Test
  void flushingMoreThanWasTaken_isABug() {
    ledger.dirtied("v1", W1, 10 * KIB, 0);
    assertThrows(IllegalStateException.class, () -> ledger.flushed(new DirtyLedger.Chunk("v1", 10 * KIB, Set.of(W1))));
  }

  @Test
  void limits_rejectABackgroundThresholdAboveTheLimit() {
    assertThrows(IllegalArgumentException.class, () -> new DirtyLedger.Limits(2, 1, SEC, SEC));
    assertTrue(DirtyLedger.Limits.WRITE_THROUGH.writesThrough());
  }

  /**
   * The timeline of one writer faster than its disk (6.4 MiB/s of 64 KiB writes against 4 MiB/s), simulated
   * in 1 ms steps with a flusher that holds the device for each chunk: the writer runs at memory speed until the
   * machine holds its limit, then at the device's speed; the device starts only at the background threshold and
   * then never idles while data is held above it.
   */
  @Test
  void writerFasterThanTheDisk_runsFreeUntilTheLimitThenAtDiskSpeed() {
    DirtyLedger.Limits limits = new DirtyLedger.Limits(1024 * KIB, 2048 * KIB, 30 * SEC, 5 * SEC);
    DirtyLedger l = new DirtyLedger(limits, 64 * KIB);
    double deviceBytesPerMs = 4 * 1024 * KIB / 1000.0;
    long writeEvery = 10 * MS;
    long nextWrite = 0;
    long deviceFreeAt = 0;
    DirtyLedger.Chunk inFlight = null;
    long firstFlushAt = -1;
    long firstThrottleAt = -1;
    long written = 0;
    long writtenAtThrottle = 0;
    for (long now = 0; now <= 3 * SEC; now += MS) {
      if (inFlight != null && now >= deviceFreeAt) {
        l.flushed(inFlight);
        inFlight = null;
      }
      if (now >= nextWrite) {
        if (l.admits(64 * KIB)) {
          l.dirtied("v1", W1, 64 * KIB, now);
          written += 64 * KIB;
          nextWrite = now + writeEvery;
        } else if (firstThrottleAt < 0) {
          firstThrottleAt = now;
          writtenAtThrottle = written;
        }
      }
      if (inFlight == null) {
        Optional<DirtyLedger.Chunk> c = l.nextFlush("v1", now);
        if (c.isPresent()) {
          inFlight = c.get();
          deviceFreeAt = now + (long) (inFlight.bytes() / deviceBytesPerMs) * MS;
          if (firstFlushAt < 0) {
            firstFlushAt = now;
          }
        }
      }
    }
    assertEquals(160 * MS, firstFlushAt, "the 17th write (1088 KiB) crosses the 1 MiB background threshold");
    assertTrue(firstThrottleAt > 0 && writtenAtThrottle >= 2048 * KIB - 64 * KIB,
        "throttled only once the limit is held: " + writtenAtThrottle + " B at " + firstThrottleAt / MS + " ms");
    long secondsAfterThrottle = 3 * SEC - firstThrottleAt;
    double rateAfter = (written - writtenAtThrottle) / (secondsAfterThrottle / 1e9) / 1024 / 1024;
    assertTrue(rateAfter > 3.5 && rateAfter < 4.5, "after the limit the writer gets the disk's 4 MiB/s: " + rateAfter);
  }
}
