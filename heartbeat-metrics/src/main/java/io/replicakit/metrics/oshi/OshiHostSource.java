/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.HostSource;
import java.util.function.LongSupplier;

/**
 * Host CPU ticks and memory from OSHI. Idle counts I/O wait as well as idle ticks: a CPU waiting for I/O could
 * run other work, which is what the NameNode wants to know when it weighs a DataNode's CPU (and it is how
 * {@code HostCounters} defines idle). Total is every tick type OSHI reports, steal included, so a VM's stolen
 * time counts as busy rather than disappearing from the share.
 */
final class OshiHostSource implements HostSource {

  private final OshiSystem system;
  private final LongSupplier nanoClock;

  OshiHostSource(OshiSystem system) {
    this(system, System::nanoTime);
  }

  OshiHostSource(OshiSystem system, LongSupplier nanoClock) {
    this.system = system;
    this.nanoClock = nanoClock;
  }

  @Override
  public HostCounters read() {
    long[] ticks = system.cpuTicks();
    return new HostCounters(total(ticks), idle(ticks), system.memoryTotal(), system.memoryAvailable(),
        nanoClock.getAsLong());
  }

  private static long total(long[] ticks) {
    long sum = 0;
    for (long t : ticks) {
      sum += t;
    }
    return sum;
  }

  private static long idle(long[] ticks) {
    return ticks[OshiSystem.IDLE_TICKS] + ticks[OshiSystem.IOWAIT_TICKS];
  }
}
