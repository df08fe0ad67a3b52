package io.replicakit.pfimbi.namenode;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.log.LogThrottlingHelper;
import org.apache.hadoop.log.LogThrottlingHelper.LogAction;
import org.slf4j.Logger;

/**
 * Warnings about recurring faults, at most one a minute per kind with the number held back since the last one
 * (Hadoop's {@link LogThrottlingHelper}, one per kind so that kinds do not hold each other back). Unlike a
 * "log once" flag, a fault that comes back after a quiet spell is logged again.
 */
final class FaultLog {

  static final long PERIOD_MS = 60_000;

  private final Logger log;
  private final Map<String, LogThrottlingHelper> kinds = new HashMap<>();

  FaultLog(Logger log) {
    this.log = log;
  }

  synchronized void warn(String kind, String format, Object... args) {
    LogAction action = kinds.computeIfAbsent(kind, k -> new LogThrottlingHelper(PERIOD_MS)).record();
    if (action.shouldLog()) {
      int held = action.getCount() - 1;
      log.warn(held > 0 ? format + " (" + held + " more since the last such message)" : format, args);
    }
  }
}
