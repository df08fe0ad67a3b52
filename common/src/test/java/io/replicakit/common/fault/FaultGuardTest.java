/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class FaultGuardTest {

  private static final Logger LOG = LoggerFactory.getLogger(FaultGuardTest.class);

  private static FaultGuard guard(int disableAfter, Runnable onDisable) {
    return new FaultGuard("test task", LOG, new ThrottledLog(60_000, System::nanoTime), disableAfter, onDisable);
  }

  @Test
  void anErrorIsCountedAndTheNextTurnRuns() throws InterruptedException {
    FaultGuard guard = guard(10, () -> { });
    assertFalse(guard.run(() -> {
      throw new OutOfMemoryError("injected");
    }));
    assertTrue(guard.run(() -> { }));
    assertEquals(1, guard.faults());
    assertFalse(guard.disabled());
  }

  @Test
  void aScheduleSurvivesAnErrorThrownByItsTask() throws InterruptedException {
    ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor();
    try {
      AtomicInteger turns = new AtomicInteger();
      CountDownLatch fiveTurns = new CountDownLatch(5);
      FaultGuard guard = guard(100, () -> { });
      executor.scheduleWithFixedDelay(guard.wrap(() -> {
        fiveTurns.countDown();
        if (turns.incrementAndGet() % 2 == 1) {
          throw new AssertionError("injected Error");
        }
      }), 0, 1, TimeUnit.MILLISECONDS);
      assertTrue(fiveTurns.await(10, TimeUnit.SECONDS), "the schedule kept running after the first Error");
      assertTrue(guard.faults() >= 2);
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void persistentFaultsDisableTheGuardOnceAndLoudly() throws InterruptedException {
    AtomicInteger disabledCalls = new AtomicInteger();
    FaultGuard guard = guard(3, disabledCalls::incrementAndGet);
    for (int i = 0; i < 5; i++) {
      guard.run(() -> {
        throw new IllegalStateException("stuck");
      });
    }
    assertTrue(guard.disabled());
    assertEquals(1, disabledCalls.get());
    assertEquals(3, guard.faults(), "a disabled guard runs nothing more");
  }

  /**
   * Neither a disable action that throws nor a fault whose {@code toString} throws escapes the guard: a scheduler
   * would cancel the task silently, a worker thread would die. Until session 51 both escaped.
   */
  @Test
  void aFailingDisableActionOrFaultMessage_doesNotEscapeTheGuard() throws InterruptedException {
    FaultGuard guard = guard(1, () -> {
      throw new Error("disable action broken");
    });
    assertFalse(guard.run(() -> {
      throw new IllegalStateException() {
        @Override
        public String toString() {
          throw new IllegalStateException("no message either");
        }
      };
    }));
    assertTrue(guard.disabled());
    assertEquals(1, guard.faults());
  }

  @Test
  void aSuccessResetsTheConsecutiveCount() throws InterruptedException {
    FaultGuard guard = guard(2, () -> { });
    for (int i = 0; i < 4; i++) {
      guard.run(() -> {
        throw new StackOverflowError();
      });
      guard.run(() -> { });
    }
    assertFalse(guard.disabled());
    assertEquals(4, guard.faults());
  }

  @Test
  void anInterruptIsNotAFault() {
    FaultGuard guard = guard(1, () -> { });
    assertThrows(InterruptedException.class, () -> guard.run(() -> {
      throw new InterruptedException();
    }));
    assertEquals(0, guard.faults());
  }
}
