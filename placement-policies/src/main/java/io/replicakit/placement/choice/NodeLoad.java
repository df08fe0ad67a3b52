/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.choice;

/**
 * How busy one DataNode is, as the {@code state-aware} policy judges it. A metric the node has not reported, or
 * whose sample is stale, is NaN; xceivers (from HDFS's own heartbeat) and the policy's own recent placements are
 * always known.
 *
 * @param diskBusyPct busiest volume's utilization (time the device was busy), 0-100
 * @param diskQueue that volume's average request queue length
 * @param cpuBusyPct 100 minus the idle CPU percent
 * @param memoryUsedPct 100 minus the free memory percent
 * @param xceivers data transfer threads the DataNode reported at its last heartbeat
 * @param recentPlacements replicas this policy put on the node since its last report
 */
public record NodeLoad(double diskBusyPct, double diskQueue, double cpuBusyPct, double memoryUsedPct, int xceivers,
    int recentPlacements) {

  /** A node that reported no system metrics (or only stale ones). */
  public static NodeLoad withoutMetrics(int xceivers, int recentPlacements) {
    return new NodeLoad(Double.NaN, Double.NaN, Double.NaN, Double.NaN, xceivers, recentPlacements);
  }
}
