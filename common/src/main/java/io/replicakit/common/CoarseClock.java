/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common;

/**
 * The wall and monotonic clocks in milliseconds at a cost of one volatile read: a daemon thread reads the system
 * clocks every {@link #TICK_MS} and publishes them. For decisions taken on every block a client reads. Read
 * selection orders the replicas of every block the NameNode returns. On a VM a system clock read costs about 30 ns
 * (measured on the 2-vCPU development machine, TSC clock source), a tenth of HDFS's whole sort of a 3-replica
 * block, and a policy reading two clocks per block spent a fifth of its overhead on them. Those decisions need far
 * less precision than that: samples go stale after seconds, weights adjust every few seconds.
 *
 * <p>The values lag the system clocks by up to a tick, more when the JVM is starved of CPU (then everything
 * is late anyway); the monotonic value never decreases.
 */
public final class CoarseClock {

  /** How often the clocks are read. Small against every interval a caller judges (seconds). */
  public static final long TICK_MS = 4;

  private static volatile long wallMs = System.currentTimeMillis();
  private static volatile long monotonicMs = System.nanoTime() / 1_000_000;

  static {
    Thread ticker = new Thread(CoarseClock::tick, "replicakit-coarse-clock");
    ticker.setDaemon(true);
    ticker.start();
  }

  private CoarseClock() {}

  /** {@link System#currentTimeMillis()}, up to a tick ago. */
  public static long wallMs() {
    return wallMs;
  }

  /** {@link System#nanoTime()} in milliseconds, up to a tick ago. */
  public static long monotonicMs() {
    return monotonicMs;
  }

  private static void tick() {
    while (true) {
      wallMs = System.currentTimeMillis();
      monotonicMs = Math.max(monotonicMs, System.nanoTime() / 1_000_000);
      try {
        Thread.sleep(TICK_MS);
      } catch (InterruptedException e) {
        // Nothing stops a clock the whole JVM shares; an interrupt (a blanket interrupt of all threads) is ignored.
      }
    }
  }
}
