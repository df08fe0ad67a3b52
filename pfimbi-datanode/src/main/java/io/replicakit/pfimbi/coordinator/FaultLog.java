/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.common.fault.ThrottledLog;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.helpers.MessageFormatter;

/**
 * Warnings about recurring faults of the coordinator, one {@link ThrottledLog} per kind so that kinds do not hold
 * each other back: a fault that comes back after a quiet spell is logged again.
 */
public final class FaultLog {

  private final Logger log;
  private final Map<String, ThrottledLog> kinds = new HashMap<>();

  public FaultLog(Logger log) {
    this.log = log;
  }

  public synchronized void warn(String kind, String format, Object... args) {
    ThrottledLog throttle = kinds.computeIfAbsent(kind,
        k -> new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, FaultLog::monotonicMs));
    int count = throttle.occurrence();
    if (count > 0) {
      log.warn(MessageFormatter.arrayFormat(format, args).getMessage() + ThrottledLog.suffix(count));
    }
  }

  /** The monotonic clock Hadoop's {@code Time.monotonicNow} reads, without depending on Hadoop. */
  private static long monotonicMs() {
    return System.nanoTime() / 1_000_000;
  }
}
