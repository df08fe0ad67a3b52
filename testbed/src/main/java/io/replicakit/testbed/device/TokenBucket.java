/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

/**
 * The throughput limit of one emulated device: a token bucket refilled at {@code bytesPerSec} holding at most
 * {@code burstBytes}, kept as virtual time so that requests are served in arrival order.
 *
 * <p>Each request reserves the device for {@code len / rate} seconds starting when the device is next free
 * (or up to one burst earlier when it has been idle). Callers then sleep until their reservation ends. Two
 * streams on one device therefore share its bandwidth, as two readers of one disk do, and the time a request
 * waits behind others is its queueing delay. Pure: the caller passes the current time.
 */
public final class TokenBucket {

  /** One reservation: when the transfer starts and ends on the device's timeline, and its service time. */
  public record Grant(long startNanos, long endNanos, long serviceNanos) {

    /** How long the caller waits for the reservation to end, from {@code nowNanos}. */
    public long sleepNanos(long nowNanos) {
      return Math.max(0, endNanos - nowNanos);
    }

    /** How long the request queued behind earlier ones before its own transfer began. */
    public long queueNanos(long nowNanos) {
      return Math.max(0, startNanos - nowNanos);
    }
  }

  private final double bytesPerSec;
  private final long burstNanos;
  private long nextFreeNanos = Long.MIN_VALUE;

  public TokenBucket(long bytesPerSec, long burstBytes) {
    if (bytesPerSec <= 0) {
      throw new IllegalArgumentException("bytesPerSec must be > 0, was " + bytesPerSec);
    }
    if (burstBytes < 0) {
      throw new IllegalArgumentException("burstBytes must be >= 0, was " + burstBytes);
    }
    this.bytesPerSec = bytesPerSec;
    this.burstNanos = (long) (burstBytes * 1e9 / bytesPerSec);
  }

  /**
   * Reserves the device for {@code len} bytes at {@code speedFactor} times its nominal rate (a factor below 1
   * emulates a degraded device).
   */
  public synchronized Grant reserve(long len, double speedFactor, long nowNanos) {
    long service = (long) (len * 1e9 / (bytesPerSec * speedFactor));
    long earliest = nowNanos - burstNanos;
    long start = nextFreeNanos == Long.MIN_VALUE ? earliest : Math.max(nextFreeNanos, earliest);
    long end = start + service;
    nextFreeNanos = end;
    return new Grant(start, end, service);
  }

  public long bytesPerSec() {
    return (long) bytesPerSec;
  }
}
