/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.util.concurrent.TimeUnit;

/** Time source and sleeper, injected so device timing is unit-testable without real waits. */
public interface Ticker {

  long nanoTime();

  void sleepNanos(long nanos) throws InterruptedException;

  /** The JVM's monotonic clock with real sleeps. */
  static Ticker system() {
    return SystemTicker.INSTANCE;
  }

  /** Real time. */
  enum SystemTicker implements Ticker {
    INSTANCE;

    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public void sleepNanos(long nanos) throws InterruptedException {
      if (nanos > 0) {
        TimeUnit.NANOSECONDS.sleep(nanos);
      }
    }
  }
}
