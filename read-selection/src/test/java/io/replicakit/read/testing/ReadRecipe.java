/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.testing;

import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.hdfs.ReplicaKitNetworkTopology;
import io.replicakit.testbed.cluster.ClusterOptions;
import java.util.Map;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * How to install read selection on an embedded testbed cluster, the one recipe the module's integration tests and
 * the benchmarks' read experiments share: ReplicaKit's topology as {@code dfs.net.topology.impl} with a policy,
 * the policies' storage model equal to the emulated devices' speeds, and the racks' real bandwidth. The testbed's
 * rack uplinks are loopback, not a bottleneck, so fast storage counts in other racks too (with the default of 0,
 * the read paper's rule 3 would forbid every fast replica outside the reader's rack).
 *
 * <p>In the module's test-jar because it is written in testbed types (see {@code MetricsRecipe}); read policies
 * that use node state also need heartbeat-metrics, installed with {@code MetricsRecipe}.
 */
public final class ReadRecipe {

  /** Inter-rack bandwidth the policies assume: 10 Gb/s, far above any emulated device. */
  public static final String INTER_RACK_MBPS = "1250";

  private ReadRecipe() {}

  /**
   * Adds the topology with {@code policy} to {@code options}.
   *
   * @param speeds the storage model: each storage type's speed, as the emulated devices run (the keys convert it
   *     to their MB/s)
   */
  public static ClusterOptions install(ClusterOptions options, String policy, StorageSpeeds speeds) {
    ClusterOptions result = options
        .with(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, ReplicaKitNetworkTopology.class.getName())
        .with(ReadSelectionConfig.POLICY_KEY, policy)
        .with(ReadSelectionConfig.INTER_RACK_KEY, INTER_RACK_MBPS);
    for (Map.Entry<String, String> e : ReadSelectionConfig.throughputSettings(speeds).entrySet()) {
      result = result.with(e.getKey(), e.getValue());
    }
    return result;
  }
}
