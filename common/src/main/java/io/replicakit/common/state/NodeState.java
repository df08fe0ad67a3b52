/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.state;


/**
 * The NameNode's latest sample of one DataNode and how old it is.
 *
 * @param sample the latest accepted sample
 * @param receivedMs when the NameNode accepted it (NameNode clock, so DataNode clock skew does not matter)
 * @param ageMs time since then
 * @param stale true when older than the configured number of the DataNode's intervals: consumers ignore it
 */
public record NodeState(SystemSample sample, long receivedMs, long ageMs, boolean stale) {

  public String datanodeUuid() {
    return sample.datanodeUuid();
  }
}
