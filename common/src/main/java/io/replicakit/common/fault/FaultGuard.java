/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.fault;

import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * Contains the faults of one recurring piece of work (a scheduled task, one turn of a worker thread's loop).
 *
 * <p>Why: a {@code ScheduledExecutorService} silently cancels a schedule whose task throws, and an uncaught
 * {@link Error} ends a worker thread, so a feature could stop without a trace while its callers kept feeding it.
 * Every {@link Throwable} of a turn is therefore caught, counted and logged (throttled); the work goes on with
 * its next turn.
 *
 * <p>A fault that persists is not hidden either: after {@code disableAfter} consecutive faulty turns the guard
 * is disabled, writes one ERROR line saying so and runs the owner's {@code onDisable} action (stop the
 * feature, refuse new work). A successful turn resets the consecutive count. {@link InterruptedException} is
 * not a fault: loops handle it themselves.
 */
public final class FaultGuard {

  /** Consecutive faulty turns before a feature is disabled (seconds to minutes at the plugins' intervals). */
  public static final int DEFAULT_DISABLE_AFTER = 100;

  /** A piece of work that may be interrupted. */
  @FunctionalInterface
  public interface Turn {
    void run() throws InterruptedException;
  }

  private final String what;
  private final Logger log;
  private final ThrottledLog throttle;
  private final int disableAfter;
  private final Runnable onDisable;
  private final AtomicLong faults = new AtomicLong();
  private int consecutive;
  private volatile boolean disabled;

  /**
   * @param what the work, for log lines ("Pfimbi DISK fetcher")
   * @param disableAfter consecutive faulty turns after which the guard disables itself (at least 1)
   * @param onDisable what the owner does then; run once, on the faulting thread
   */
  public FaultGuard(String what, Logger log, ThrottledLog throttle, int disableAfter, Runnable onDisable) {
    if (disableAfter < 1) {
      throw new IllegalArgumentException("disableAfter must be >= 1, was " + disableAfter);
    }
    this.what = what;
    this.log = log;
    this.throttle = throttle;
    this.disableAfter = disableAfter;
    this.onDisable = onDisable;
  }

  /**
   * Runs one turn unless the guard is disabled.
   *
   * @return true when the turn completed, false when it faulted or the guard is disabled
   * @throws InterruptedException from the turn, untouched
   */
  public boolean run(Turn turn) throws InterruptedException {
    if (disabled) {
      return false;
    }
    try {
      turn.run();
      succeeded();
      return true;
    } catch (InterruptedException e) {
      throw e;
    } catch (Throwable t) {
      faulted(t);
      return false;
    }
  }

  /** A {@link Runnable} for a scheduler: one guarded turn; an interrupt is kept as the thread's status. */
  public Runnable wrap(Runnable task) {
    return () -> {
      try {
        run(task::run);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  private synchronized void succeeded() {
    consecutive = 0;
  }

  private void faulted(Throwable t) {
    faults.incrementAndGet();
    boolean disableNow;
    synchronized (this) {
      consecutive++;
      disableNow = consecutive >= disableAfter && !disabled;
      if (disableNow) {
        disabled = true;
      }
    }
    try {
      throttle.error(log, "ReplicaKit " + what + " failed (" + t + "); contained, fault " + faults.get(), t);
    } catch (Throwable logging) {
      // The fault's own toString or the log failed: it is counted all the same, and nothing escapes the guard.
    }
    if (disableNow) {
      disable();
    }
  }

  /** Logs and runs the disable action; a fault of either is contained like the turn's. */
  private void disable() {
    try {
      log.error("ReplicaKit {} failed {} times in a row: disabled until the daemon restarts (fault counters "
          + "keep the count)", what, disableAfter);
      onDisable.run();
    } catch (Throwable t) {
      try {
        log.error("ReplicaKit {}: its disable action failed", what, t);
      } catch (Throwable ignored) {
        // Nothing more can be said; the guard stays disabled.
      }
    }
  }

  /** Faults caught so far. */
  public long faults() {
    return faults.get();
  }

  public boolean disabled() {
    return disabled;
  }
}
