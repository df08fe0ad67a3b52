/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.state;


/**
 * The NameNode's latest sample of one DataNode and how old it is.
 *
 * @param sample the latest accepted sample
 * @param receivedMs when the NameNode accepted it, on the view's clock ({@link SystemStateView#nowMs}; the
 *     NameNode's registry uses its monotonic clock, so neither DataNode clock skew nor a step of the NameNode's wall
 *     clock matters): compare it only with other values of that clock
 * @param ageMs time since then
 * @param stale true when older than the configured number of the DataNode's intervals: consumers ignore it
 * @param inService false while the DataNode is decommissioning or entering or in maintenance, as of its latest
 *     sample: HDFS reads its replicas only when no other is left, so a consumer weighing the load reads go to (DRR's
 *     utilization average) leaves it out, while its disks stay busy as HDFS's preferred re-replication source
 */
public record NodeState(SystemSample sample, long receivedMs, long ageMs, boolean stale, boolean inService) {

  /** A node in service. */
  public NodeState(SystemSample sample, long receivedMs, long ageMs, boolean stale) {
    this(sample, receivedMs, ageMs, stale, true);
  }

  public String datanodeUuid() {
    return sample.datanodeUuid();
  }
}
