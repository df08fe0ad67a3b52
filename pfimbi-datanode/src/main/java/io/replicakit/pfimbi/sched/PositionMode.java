/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.sched;

/** How the first level of {@link TwoLevelWfq} divides a node's background bandwidth between pipeline positions. */
public enum PositionMode {
  /**
   * Earlier positions first, always: no block for position p+1 is received while one for position p waits, so
   * every block gains its second copy before any gains its third (thesis §4.3, Figure 5.9(b)).
   */
  STRICT,
  /** Positions share by weight, like flows do, so later copies still make progress (thesis §4.7). */
  WEIGHTED
}
