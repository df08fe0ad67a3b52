/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import io.replicakit.common.hdfs.InternalApi;

/**
 * Every Hadoop type and member the placement policies use: this package, which is the NameNode-side adaptor of
 * the module, the policy classes of {@code io.replicakit.placement.policy} and their base in HDFS's package
 * ({@code ReplicaKitPlacementPolicy}), the overridden hooks among them (a changed signature would leave HDFS
 * calling its own method). Checked when a policy is built. Names only, no Hadoop type: this class loads on any
 * Hadoop. {@code PolicyInternalsTest} compares it with the classes' bytecode.
 */
final class PolicyInternals {

  static final InternalApi API = InternalApi.builder("placement-policies NameNode adaptor", PolicyInternals.class)
      .types()
      .members()
      .build();

  private PolicyInternals() {}
}
