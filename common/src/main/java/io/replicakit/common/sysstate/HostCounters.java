/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.sysstate;

/**
 * Cumulative CPU ticks and current memory of one machine at one instant.
 *
 * @param cpuTotalTicks all CPU ticks since boot, summed over cores (any unit, as long as idle uses the same)
 * @param cpuIdleTicks idle and I/O-wait ticks since boot
 * @param memoryTotalBytes physical memory
 * @param memoryAvailableBytes memory available to new work without swapping
 * @param atNanos when the reading was taken ({@link System#nanoTime()} scale)
 */
public record HostCounters(
    long cpuTotalTicks, long cpuIdleTicks, long memoryTotalBytes, long memoryAvailableBytes, long atNanos) {

  public HostCounters {
    if (cpuTotalTicks < 0 || cpuIdleTicks < 0 || memoryTotalBytes < 0 || memoryAvailableBytes < 0) {
      throw new IllegalArgumentException("host counters must be >= 0");
    }
  }
}
