/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * CPU time of this JVM and of every process it started, so a measurement's "cores busy" covers the whole cluster in
 * either mode: the daemons of a multi-process cluster, and with YARN their grandchildren (containers under a
 * NodeManager), running or ended.
 *
 * <p>On Linux, from {@code /proc}: this JVM's own time, plus its {@code cutime}/{@code cstime} (the CPU of children
 * it has reaped, with what those had reaped), plus for every live descendant its own time and its
 * {@code cutime}/{@code cstime} (a container a NodeManager has reaped). Each process is counted once: while it runs
 * by itself, once reaped in its reaper's children times. Not counted: a process whose parent died before reaping
 * it (a container orphaned by a killed NodeManager is re-parented to init, outside this tree). Elsewhere only live
 * descendants are seen, through {@link ProcessHandle}.
 */
public final class ProcessCpu {

  /** Linux's {@code USER_HZ}, the unit of {@code /proc/PID/stat}'s times: 100 on every common architecture. */
  private static final long NANOS_PER_TICK = 10_000_000L;

  private ProcessCpu() {}

  public static long nanos() {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    return os.getProcessCpuTime() + othersNanos();
  }

  /** CPU time of every process this JVM started, directly or not, running or reaped. */
  static long othersNanos() {
    long reaped = childrenTicks(ProcessHandle.current().pid());
    if (reaped < 0) {
      return ProcessHandle.current().descendants()
          .mapToLong(p -> p.info().totalCpuDuration().map(Duration::toNanos).orElse(0L)).sum();
    }
    long ticks = reaped + ProcessHandle.current().descendants().mapToLong(p -> allTicks(p.pid())).sum();
    return ticks * NANOS_PER_TICK;
  }

  /**
   * A process's own and reaped children's time from one read of its {@code stat}: read apart, a child reaped
   * between the two reads would be counted in both; 0 when unknown (the process has gone).
   */
  private static long allTicks(long pid) {
    long[] times = times(pid);
    return times == null ? 0 : times[0] + times[1] + times[2] + times[3];
  }

  /** {@code utime + stime} of {@code pid}; -1 when unknown (gone, or no {@code /proc}). */
  static long ownTicks(long pid) {
    long[] times = times(pid);
    return times == null ? -1 : times[0] + times[1];
  }

  /** {@code cutime + cstime} of {@code pid}: its reaped children's CPU; -1 when unknown. */
  static long childrenTicks(long pid) {
    long[] times = times(pid);
    return times == null ? -1 : times[2] + times[3];
  }

  /** utime, stime, cutime, cstime (fields 14-17 of {@code /proc/PID/stat}), or null. */
  private static long[] times(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // The command name (field 2) is in parentheses and may hold spaces: count fields after its end.
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12]), Long.parseLong(fields[13]),
          Long.parseLong(fields[14])};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
