/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.state;

import java.util.List;
import java.util.Optional;

/**
 * What other modules (read selection, Pfimbi, placement) read in the NameNode: the latest fresh system state of
 * a DataNode. Lookups are a hash-map read, cheap enough for every {@code getBlockLocations}. Obtain it with
 * {@link SystemStates#current()}.
 */
public interface SystemStateView {

  /** The DataNode's latest sample if it is fresh; empty when stale, never reported, or the node is gone. */
  Optional<NodeState> fresh(String datanodeUuid);

  /**
   * The DataNode's latest sample if it is fresh, else null: the allocation-free form of {@link #fresh} for
   * callers on the read path (read selection looks up every replica of every block read).
   */
  default SystemSample freshSample(String datanodeUuid) {
    return fresh(datanodeUuid).map(NodeState::sample).orElse(null);
  }

  /**
   * The view's clock, so that a caller looking up several DataNodes for one decision reads it once and judges
   * them all at the same instant (see {@link #freshSample(String, long)}).
   */
  default long nowMs() {
    return System.currentTimeMillis();
  }

  /** {@link #freshSample(String)} judged at {@code nowMs}, a value of {@link #nowMs()}. */
  default SystemSample freshSample(String datanodeUuid, long nowMs) {
    return freshSample(datanodeUuid);
  }

  /** Every DataNode's latest sample, fresh or stale, for tables and monitoring. */
  List<NodeState> all();
}
