/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

/** A ticker whose clock moves only when the code under test sleeps or the test advances it. */
final class FakeTicker implements Ticker {
  private long now;

  @Override
  public synchronized long nanoTime() {
    return now;
  }

  @Override
  public synchronized void sleepNanos(long nanos) {
    now += Math.max(0, nanos);
  }

  synchronized void advance(long nanos) {
    now += nanos;
  }
}
