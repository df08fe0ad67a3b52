/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

/**
 * A storage unit's place against the mean utilization of its storage type, with HDFS's Balancer's four classes
 * (its {@code init}: over-utilized, above-average, below-average, under-utilized), plus the units too busy to
 * take part.
 */
public enum Role {
  /** More than the threshold above the mean: a source. */
  OVER,
  /** Above the mean, within the threshold: a source for under-utilized targets only. */
  ABOVE,
  /** At or below the mean, within the threshold: a target for over-utilized sources only. */
  BELOW,
  /** More than the threshold below the mean: a target. */
  UNDER,
  /** Busier than {@code replicakit.balancer.busy.max.pct} by its heartbeat metrics: neither source nor target. */
  BUSY;

  public boolean isSource() {
    return this == OVER || this == ABOVE;
  }

  public boolean isTarget() {
    return this == BELOW || this == UNDER;
  }

  /** Whether HDFS's Balancer pairs a source of this role with a target of {@code target}'s. */
  public boolean pairsWith(Role target) {
    return (this == OVER && target.isTarget()) || (this == ABOVE && target == UNDER);
  }
}
