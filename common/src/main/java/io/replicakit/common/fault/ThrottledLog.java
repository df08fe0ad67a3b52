/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.fault;

import java.util.function.LongSupplier;
import org.apache.hadoop.log.LogThrottlingHelper;
import org.apache.hadoop.log.LogThrottlingHelper.LogAction;
import org.slf4j.Logger;

/**
 * One recurring log line, written at most once per period with the number of occurrences it stands for. Built on
 * Hadoop's {@link LogThrottlingHelper}. It replaces "log once" flags: those never reset, so a fault that came
 * back after a recovery was invisible; here the first occurrence is always written, and a returning fault is
 * written again as soon as the period since the last line has passed.
 */
public final class ThrottledLog {

  /** A period short enough to see a fault return, long enough that a fault per sample cannot flood the log. */
  public static final long DEFAULT_PERIOD_MS = 60_000;

  private static final String RECORDER = "occurrence";

  private final LogThrottlingHelper helper;
  private final LongSupplier monotonicMs;

  /**
   * @param periodMs the shortest time between two written lines
   * @param monotonicMs the clock the period is measured on (injected for tests)
   */
  public ThrottledLog(long periodMs, LongSupplier monotonicMs) {
    this.helper = new LogThrottlingHelper(periodMs, RECORDER);
    this.monotonicMs = monotonicMs;
  }

  /**
   * Records one occurrence.
   *
   * @return how many occurrences the line to write now stands for (this one and the suppressed ones since the
   *     last line), or 0 when nothing is to be written
   */
  public int occurrence() {
    LogAction action = helper.record(RECORDER, monotonicMs.getAsLong());
    return action.shouldLog() ? action.getCount() : 0;
  }

  /** Records an occurrence and writes {@code message} at WARN when due, with the suppressed count. */
  public void warn(Logger log, String message, Throwable cause) {
    int count = occurrence();
    if (count > 0) {
      log.warn(message + suffix(count), cause);
    }
  }

  /** Records an occurrence and writes {@code message} at ERROR when due, with the suppressed count. */
  public void error(Logger log, String message, Throwable cause) {
    int count = occurrence();
    if (count > 0) {
      log.error(message + suffix(count), cause);
    }
  }

  /** Text appended to a line that stands for {@code count} occurrences. */
  public static String suffix(int count) {
    return count > 1 ? " (" + (count - 1) + " more occurrences since the last report)" : "";
  }
}
