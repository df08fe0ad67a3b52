/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.state;

/**
 * CPU and memory of a DataNode's host over one interval. A metric the DataNode could not observe is
 * {@code NaN} (or {@code -1} for byte counts), so consumers can tell "missing" from "zero".
 *
 * @param cpuIdlePct idle (including I/O wait) share of all CPU time, 0..100; the hotspot paper's "idle CPU"
 * @param memoryFreePct available memory as a share of the total, 0..100
 * @param memoryTotalBytes physical memory
 */
public record HostMetrics(double cpuIdlePct, double memoryFreePct, long memoryTotalBytes) {

  public static final HostMetrics MISSING = new HostMetrics(Double.NaN, Double.NaN, -1);

  public boolean hasCpu() {
    return !Double.isNaN(cpuIdlePct);
  }

  public boolean hasMemory() {
    return !Double.isNaN(memoryFreePct);
  }
}
