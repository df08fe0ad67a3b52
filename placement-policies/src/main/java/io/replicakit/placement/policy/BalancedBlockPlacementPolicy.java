/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.policy;

import io.replicakit.placement.config.PlacementConfig;
import io.replicakit.placement.hdfs.BalancedCore;
import io.replicakit.placement.hdfs.PlacementMetrics;
import io.replicakit.placement.hdfs.RackRules;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.ReplicaKitPlacementPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ReplicaKit's {@code balanced} placement policy: {@code dfs.block.replicator.classname} =
 * {@code io.replicakit.placement.policy.BalancedBlockPlacementPolicy}. Nodes fill at the same percentage of their
 * capacity, so a cluster with two hardware classes, like the placement paper's (§5), needs no Balancer run after a
 * load or a re-replication: each replica goes to the emptiest (by used percent) of a few random DataNodes where
 * HDFS would take one at random, excess replicas are deleted from the fullest, and an off-cluster writer's first
 * replica leaves the writer's rack when that rack is fuller than the rest by a set margin. The rack rule
 * ({@code replicakit.placement.rack-rule}) and storage policies are HDFS's own. Design and measurements:
 * docs/placement-policies.md; the decision itself: {@link io.replicakit.placement.choice.BalancedChoice}.
 */
public final class BalancedBlockPlacementPolicy extends ReplicaKitPlacementPolicy {

  /** The metrics2 source's name. */
  public static final String METRICS = "ReplicaKitPlacementBalanced";

  private static final Logger LOG = LoggerFactory.getLogger(BalancedBlockPlacementPolicy.class);

  private BalancedCore core;

  @Override
  protected BlockPlacementPolicyDefault newDelegate(Configuration conf) {
    PlacementConfig.Balanced settings = PlacementConfig.balanced(conf);
    PlacementConfig.KEYS.warnUnknown(conf, LOG);
    // each call asks ThreadLocalRandom.current() of the handler thread that decides: its methods called on an
    // instance taken in another thread use a seed the calling thread may never have set, the same in every such
    // thread, and the handlers would draw the same candidates
    core = new BalancedCore(settings, () -> ThreadLocalRandom.current().nextLong(),
        new PlacementMetrics(METRICS, "ReplicaKit balanced placement policy"));
    LOG.info("ReplicaKit balanced placement: {}", settings);
    return RackRules.policy(settings.rackRule(), core);
  }

  @Override
  protected void chosen(DatanodeStorageInfo[] targets) {
    core.placed(targets);
  }

  /** The policy's counters. */
  public PlacementMetrics metrics() {
    return core.metrics();
  }
}
