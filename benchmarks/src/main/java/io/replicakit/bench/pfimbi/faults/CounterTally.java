/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

/**
 * A monotone counter read across restarts of the process that keeps it: the coordinator's JMX counters start from
 * 0 again when the NameNode restarts. Fed every reading, it sums the segments, so "fallbacks during the stage" stays
 * right across a restart, provided the counter is read just before the restart.
 */
final class CounterTally {

  private long base;
  private long last;

  /** Starts the tally at {@code reading}: what came before does not count. */
  CounterTally(long reading) {
    this.base = -reading;
    this.last = reading;
  }

  /** A new reading; one below the previous means the counter restarted from 0. */
  void observe(long reading) {
    if (reading < last) {
      base += last;
    }
    last = reading;
  }

  /** Increments since the tally started. */
  long total() {
    return base + last;
  }
}
