/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import io.replicakit.common.hdfs.InternalApi;
import io.replicakit.placement.config.RackRule;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;

/** The HDFS policy that applies a rack rule with a ReplicaKit core picking the nodes. */
public final class RackRules {

  private RackRules() {}

  /**
   * A policy for {@code rule} whose node choices {@code core} makes; checks first that every HDFS member the
   * policies use is there (one message naming each missing one, instead of a {@code NoSuchMethodError} later).
   */
  public static BlockPlacementPolicyDefault policy(RackRule rule, PolicyCore core) {
    PolicyInternals.API.check();
    return rule == RackRule.SPREAD ? new SpreadPolicy(core) : new TwoRacksPolicy(core);
  }

  /** The list of HDFS internals the policies use. */
  public static InternalApi internals() {
    return PolicyInternals.API;
  }
}
