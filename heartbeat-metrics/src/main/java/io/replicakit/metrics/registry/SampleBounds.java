/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.registry;

import io.replicakit.common.state.SystemSample;
import java.util.Optional;

/**
 * The limits that keep one sample from steering the registry for long. A sample's own figures decide how long
 * the NameNode trusts it (its interval sets staleness, its epoch orders it), so without limits one message with a
 * 24 h interval and a far-future epoch would stay fresh for days and shut out the DataNode's real samples.
 *
 * <ul>
 *   <li>{@code maxIntervalMs}: a sample claiming a longer interval is refused, so no sample stays fresh longer
 *       than {@code staleIntervals × maxIntervalMs} after the NameNode received it (freshness runs on the
 *       NameNode's clock, from the arrival time, never from the sender's clocks).</li>
 *   <li>{@code maxClockAheadMs}: an epoch (the reporter's start time) this far ahead of the NameNode's clock is
 *       refused; a DataNode cannot have started in the future, and an epoch in the future would order every real
 *       sample of that node as older until the forged one goes stale.</li>
 * </ul>
 */
public record SampleBounds(long maxIntervalMs, long maxClockAheadMs) {

  /** A DataNode's interval may be this many times the NameNode's own configured interval. */
  public static final int INTERVAL_FACTOR = 10;
  /** Clock skew tolerated between a DataNode and the NameNode: Kerberos' own default limit. */
  public static final long CLOCK_AHEAD_MS = 5 * 60_000L;
  /** What the codec itself accepts; for registries outside a NameNode (tools, benchmarks). */
  public static final SampleBounds LENIENT = new SampleBounds(24L * 3600 * 1000, Long.MAX_VALUE / 4);

  public SampleBounds {
    if (maxIntervalMs < 1 || maxClockAheadMs < 0) {
      throw new IllegalArgumentException("maxIntervalMs must be >= 1 and maxClockAheadMs >= 0, were "
          + maxIntervalMs + ", " + maxClockAheadMs);
    }
  }

  /** Bounds for a NameNode whose configured report interval is {@code intervalMs}. */
  public static SampleBounds forInterval(long intervalMs) {
    return new SampleBounds(Math.multiplyExact(intervalMs, INTERVAL_FACTOR), CLOCK_AHEAD_MS);
  }

  /** What is wrong with {@code sample} received at NameNode time {@code nowMs}, or empty. */
  public Optional<String> problem(SystemSample sample, long nowMs) {
    if (sample.intervalMs() > maxIntervalMs) {
      return Optional.of("interval_ms " + sample.intervalMs() + " is above the NameNode's limit of "
          + maxIntervalMs + " ms (" + INTERVAL_FACTOR + " × its own report interval)");
    }
    if (sample.epoch() > nowMs + maxClockAheadMs) {
      return Optional.of("epoch " + sample.epoch() + " is " + (sample.epoch() - nowMs)
          + " ms ahead of the NameNode's clock (at most " + maxClockAheadMs + " ms tolerated)");
    }
    return Optional.empty();
  }
}
