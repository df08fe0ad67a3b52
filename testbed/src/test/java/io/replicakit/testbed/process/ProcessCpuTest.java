/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The CPU of processes this JVM started is counted after they end and when they are grandchildren: what a
 * {@code --yarn} DFSIO run's containers (grandchildren, under a NodeManager) use.
 */
class ProcessCpuTest {

  private static final String BUSY = "i=0; while [ $i -lt 400000 ]; do i=$((i+1)); done";
  /** Prints fields 3.. of the shell's own /proc stat: utime, stime, cutime, cstime at indexes 11-14. */
  private static final String REPORT = "cut -d')' -f2 /proc/$$/stat";
  private static final long NANOS_PER_TICK = 10_000_000L;

  @BeforeEach
  void linuxOnly() {
    assumeTrue(Files.isReadable(Path.of("/proc/self/stat")), "not Linux");
  }

  private static long[] ticks(String statTail) {
    String[] fields = statTail.trim().split("\\s+");
    return new long[] {Long.parseLong(fields[11]), Long.parseLong(fields[12]), Long.parseLong(fields[13]),
        Long.parseLong(fields[14])};
  }

  @Test
  void reapedChild_stillCounts() throws Exception {
    long before = ProcessCpu.othersNanos();
    Process shell = new ProcessBuilder("sh", "-c", BUSY + "; " + REPORT).start();
    String report = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(shell.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, shell.exitValue());
    long[] t = ticks(report);
    long used = t[0] + t[1];
    assertTrue(used >= 5, "the child was busy for " + used + " ticks only");
    long counted = ProcessCpu.othersNanos() - before;
    assertTrue(counted >= (used - 1) * NANOS_PER_TICK, counted / 1e6 + " ms counted of the reaped child's "
        + used * 10 + " ms");
  }

  @Test
  void grandchildReapedByARunningChild_counts() throws Exception {
    long before = ProcessCpu.othersNanos();
    // The child does the work in a grandchild it waits for, then stays up: that CPU is only in its cutime.
    Process child = new ProcessBuilder("sh", "-c", "sh -c '" + BUSY + "'; " + REPORT + "; exec sleep 60").start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      long[] t = ticks(out.readLine());
      long grandchild = t[2] + t[3];
      assertTrue(grandchild >= 5, "the grandchild was busy for " + grandchild + " ticks only");
      long counted = ProcessCpu.othersNanos() - before;
      assertTrue(counted >= grandchild * NANOS_PER_TICK, counted / 1e6 + " ms counted; the grandchild alone used "
          + grandchild * 10 + " ms");
    } finally {
      child.destroyForcibly().waitFor();
    }
  }

  @Test
  void runningGrandchild_counts() throws Exception {
    long before = ProcessCpu.othersNanos();
    // The grandchild reports its own CPU, then sleeps; its parent waits for it. Neither has been reaped.
    Process child = new ProcessBuilder("sh", "-c", "sh -c '" + BUSY + "; cut -d\\) -f2 /proc/$$/stat; exec sleep 60'")
        .start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
      long[] t = ticks(out.readLine());
      long grandchild = t[0] + t[1];
      assertTrue(grandchild >= 5, "the grandchild was busy for " + grandchild + " ticks only");
      long counted = ProcessCpu.othersNanos() - before;
      assertTrue(counted >= (grandchild - 1) * NANOS_PER_TICK, counted / 1e6 + " ms counted; the running"
          + " grandchild alone used " + grandchild * 10 + " ms");
    } finally {
      child.descendants().forEach(ProcessHandle::destroyForcibly);
      child.destroyForcibly().waitFor();
    }
  }
}
