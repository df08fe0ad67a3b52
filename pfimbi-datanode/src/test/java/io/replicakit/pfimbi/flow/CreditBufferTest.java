/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.flow;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class CreditBufferTest {

  private static final long MIB = 1L << 20;

  @Test
  void admitsUpToItsBlockCapacity_thenRefuses_untilACreditIsReleased() {
    CreditBuffer buffer = new CreditBuffer(CreditBuffer.DEFAULT_CAPACITY_BLOCKS, 1L << 40);
    List<Credit> credits = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      credits.add(buffer.tryReserve(MIB).orElseThrow());
    }

    assertTrue(buffer.tryReserve(MIB).isEmpty());
    assertEquals(0, buffer.freeBlocks());
    assertTrue(buffer.release(credits.get(0)));
    assertTrue(buffer.tryReserve(MIB).isPresent());
  }

  @Test
  void byteCapacity_limitsAdmission_too() {
    CreditBuffer buffer = new CreditBuffer(16, 300 * MIB);
    buffer.tryReserve(128 * MIB).orElseThrow();
    buffer.tryReserve(128 * MIB).orElseThrow();

    assertTrue(buffer.tryReserve(128 * MIB).isEmpty());
    assertTrue(buffer.tryReserve(44 * MIB).isPresent());
    assertEquals(300 * MIB, buffer.reservedBytes());
    assertEquals(0, buffer.freeBytes());
  }

  @Test
  void blockLargerThanTheByteCapacity_isAdmittedIntoAnEmptyBuffer_only() {
    CreditBuffer buffer = new CreditBuffer(16, 64 * MIB);

    Credit big = buffer.tryReserve(256 * MIB).orElseThrow();
    assertTrue(buffer.tryReserve(1).isEmpty());
    assertEquals(0, buffer.freeBytes());
    buffer.release(big);

    Credit small = buffer.tryReserve(MIB).orElseThrow();
    assertTrue(buffer.tryReserve(256 * MIB).isEmpty());
    assertFalse(buffer.hasRoomFor(256 * MIB));
    buffer.release(small);
    assertTrue(buffer.hasRoomFor(256 * MIB));
  }

  @Test
  void releasingTwice_freesTheRoomOnce() {
    CreditBuffer buffer = new CreditBuffer(2, 100);
    Credit credit = buffer.tryReserve(60).orElseThrow();

    assertTrue(buffer.release(credit));
    assertFalse(buffer.release(credit));
    credit.close();

    assertEquals(0, buffer.reservedBlocks());
    assertEquals(0, buffer.reservedBytes());
    assertTrue(credit.isReleased());
  }

  @Test
  void closingACredit_releasesIt() {
    CreditBuffer buffer = new CreditBuffer(1, 100);

    try (Credit credit = buffer.tryReserve(10).orElseThrow()) {
      assertEquals(10, credit.bytes());
      assertTrue(buffer.tryReserve(10).isEmpty());
    }

    assertTrue(buffer.tryReserve(10).isPresent());
  }

  @Test
  void creditOfAnotherBuffer_isRejected() {
    CreditBuffer a = new CreditBuffer(1, 100);
    CreditBuffer b = new CreditBuffer(1, 100);
    Credit credit = a.tryReserve(1).orElseThrow();

    assertThrows(IllegalArgumentException.class, () -> b.release(credit));
    assertEquals(1, a.reservedBlocks());
  }

  @Test
  void badArguments_areRejected() {
    assertThrows(IllegalArgumentException.class, () -> new CreditBuffer(0, 100));
    assertThrows(IllegalArgumentException.class, () -> new CreditBuffer(1, 0));
    assertThrows(IllegalArgumentException.class, () -> new CreditBuffer(1, 1).tryReserve(-1));
  }

  @Test
  void concurrentReserveAndRelease_neverExceedTheCapacity_andLeaveItEmpty() throws Exception {
    CreditBuffer buffer = new CreditBuffer(4, 400);
    AtomicBoolean overflow = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> workers = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        workers.add(pool.submit(() -> {
          for (int i = 0; i < 20_000; i++) {
            Optional<Credit> credit = buffer.tryReserve(1 + i % 150);
            if (buffer.reservedBlocks() > 4) {
              overflow.set(true);
            }
            credit.ifPresent(buffer::release);
          }
        }));
      }
      for (Future<?> worker : workers) {
        worker.get();
      }
    } finally {
      pool.shutdownNow();
    }

    assertFalse(overflow.get());
    assertEquals(0, buffer.reservedBlocks());
    assertEquals(0, buffer.reservedBytes());
  }
}
