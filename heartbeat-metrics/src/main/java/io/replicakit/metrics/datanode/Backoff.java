/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

/**
 * When to try an unreachable NameNode plugin again: after one interval, then twice as long after every further
 * failure, up to a ceiling. A NameNode whose plugin is down (or not installed) then costs a DataNode one failed
 * connect per ceiling period instead of one per interval, and a restarted plugin is found again within the
 * ceiling. Time is passed in, so the schedule is tested without waiting.
 */
final class Backoff {

  private final long initialMs;
  private final long maxMs;
  private int failures;
  private long nextAttemptMs = Long.MIN_VALUE;

  Backoff(long initialMs, long maxMs) {
    if (initialMs <= 0 || maxMs < initialMs) {
      throw new IllegalArgumentException("need 0 < initial <= max, was " + initialMs + ", " + maxMs);
    }
    this.initialMs = initialMs;
    this.maxMs = maxMs;
  }

  boolean ready(long nowMs) {
    return nowMs >= nextAttemptMs;
  }

  /** Records a failed attempt at {@code nowMs}; returns the wait before the next one. */
  long failed(long nowMs) {
    failures++;
    long wait = initialMs;
    for (int i = 1; i < failures && wait < maxMs; i++) {
      wait = wait > maxMs / 2 ? maxMs : wait * 2;
    }
    nextAttemptMs = nowMs + wait;
    return wait;
  }

  void succeeded() {
    failures = 0;
    nextAttemptMs = Long.MIN_VALUE;
  }

  int failures() {
    return failures;
  }
}
