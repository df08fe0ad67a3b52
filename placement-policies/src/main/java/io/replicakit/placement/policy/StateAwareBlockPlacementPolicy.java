/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.policy;

import io.replicakit.common.state.SystemStates;
import io.replicakit.placement.config.PlacementConfig;
import io.replicakit.placement.hdfs.PlacementMetrics;
import io.replicakit.placement.hdfs.RackRules;
import io.replicakit.placement.hdfs.StateAwareCore;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.ReplicaKitPlacementPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ReplicaKit's {@code state-aware} placement policy: {@code dfs.block.replicator.classname} =
 * {@code io.replicakit.placement.policy.StateAwareBlockPlacementPolicy}. New replicas avoid DataNodes that are
 * busy now, the "temporal perspective" the placement paper leaves as future work (§6): each replica goes to the
 * least busy of a few random DataNodes where HDFS would take one at random, judged by disk busy time and queue,
 * CPU and memory (heartbeat-metrics' NameNode plugin; without it, or with stale samples, those parts are left
 * out), HDFS's xceiver count, and the replicas the policy placed there since the node's last report; excess
 * replicas are deleted from the busiest. Rack rule ({@code replicakit.placement.rack-rule}) and storage policies
 * are HDFS's own. Design: docs/placement-policies.md; the decision itself:
 * {@link io.replicakit.placement.choice.StateAwareChoice}.
 */
public final class StateAwareBlockPlacementPolicy extends ReplicaKitPlacementPolicy {

  /** The metrics2 source's name. */
  public static final String METRICS = "ReplicaKitPlacementStateAware";

  private static final Logger LOG = LoggerFactory.getLogger(StateAwareBlockPlacementPolicy.class);

  private StateAwareCore core;

  @Override
  protected BlockPlacementPolicyDefault newDelegate(Configuration conf) {
    PlacementConfig.StateAware settings = PlacementConfig.stateAware(conf);
    PlacementConfig.KEYS.warnUnknown(conf, LOG);
    // each call asks ThreadLocalRandom.current() of the handler thread that decides: its methods called on an
    // instance taken in another thread use a seed the calling thread may never have set, the same in every such
    // thread, and the handlers would draw the same candidates
    core = new StateAwareCore(settings, () -> ThreadLocalRandom.current().nextLong(),
        new PlacementMetrics(METRICS, "ReplicaKit state-aware placement policy"), SystemStates::current);
    LOG.info("ReplicaKit state-aware placement: {}", settings);
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
