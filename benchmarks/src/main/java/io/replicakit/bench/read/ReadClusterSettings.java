/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.hdfs.DfsioClientConf;
import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.testing.MetricsRecipe;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.hdfs.ReplicaKitNetworkTopology;
import io.replicakit.read.policy.ReadPolicies;
import io.replicakit.read.testing.ReadRecipe;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpec;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.DoubleSupplier;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.net.NetworkTopology;

/**
 * The HDFS settings both read experiments run with, installed by the same recipes as read-selection's and
 * heartbeat-metrics' ITs ({@link ReadRecipe}, {@link MetricsRecipe}): ReplicaKit's topology from the start (so
 * switching policy is a NameNode restart) with the policies' storage model equal to the emulated devices and rack
 * uplinks not a bottleneck, and both heartbeat-metrics plugins. The experiments add the testbed's host source too,
 * which reports each node's emulated CPU/memory stress, and a short reconnect backoff.
 */
final class ReadClusterSettings {

  private static final ObjectName READ_SELECTION_BEAN =
      beanName("Hadoop:service=NameNode,name=ReplicaKitReadSelection");

  /** Inter-rack bandwidth the policies assume: 10 Gb/s, far above any emulated device. */
  static final String INTER_RACK_MBPS = ReadRecipe.INTER_RACK_MBPS;
  /** Sampling period of the DataNodes' system state (DRR adjusts at most every 3 s on these). */
  static final long METRICS_INTERVAL_MS = 1000;

  private ReadClusterSettings() {}

  /** Options for a cluster of {@code spec} with {@code blockBytes} blocks, starting with network distance. */
  static ClusterOptions options(Path dir, ClusterSpec spec, long blockBytes, Map<String, String> extra) {
    ClusterOptions options = ClusterOptions.in(dir).with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(blockBytes));
    options = ReadRecipe.install(options, ReadSelectionConfig.POLICY_DEFAULT, spec.devices().speeds());
    options = MetricsRecipe.install(options, METRICS_INTERVAL_MS)
        .with(MetricsConfig.HOST_SOURCE_KEY, "testbed")
        // The NameNode restarts for every policy; reporters must find its plugin again within seconds.
        .with(MetricsConfig.BACKOFF_MAX_MS_KEY, "2000");
    for (Map.Entry<String, String> e : extra.entrySet()) {
      options = options.with(e.getKey(), e.getValue());
    }
    return options;
  }

  /**
   * NameNode settings selecting {@code policy}; {@code wrrWeight} NaN leaves WRR's weight to the throughputs
   * (an empty value clears a weight an earlier restart set).
   */
  static Map<String, String> policy(String policy, double wrrWeight) {
    if (!ReadPolicies.isKnown(policy)) {
      throw new IllegalArgumentException("unknown read policy '" + policy + "'; known: " + ReadPolicies.NAMES);
    }
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put(ReadSelectionConfig.POLICY_KEY, policy);
    settings.put(ReadSelectionConfig.WRR_WEIGHT_KEY, Double.isNaN(wrrWeight) ? "" : Double.toString(wrrWeight));
    return settings;
  }

  /** The off-cluster client's configuration for TestDFSIO ({@link DfsioClientConf}). */
  static Configuration clientConf(Cluster cluster) {
    return DfsioClientConf.offCluster(cluster);
  }

  /**
   * The round-robin weight the NameNode's policy is using now (NaN for policies without one). An embedded
   * NameNode's topology is read directly; a NameNode process publishes the weight only as the {@code Weight} gauge
   * of its metrics source, which its JMX agent serves at most a second old (the testbed's metrics period there).
   */
  static DoubleSupplier weight(Cluster cluster) {
    if (!(cluster instanceof EmbeddedCluster embedded)) {
      return () -> {
        try {
          Object weight = cluster.nameNodeBeans().getAttribute(READ_SELECTION_BEAN, "Weight");
          return weight instanceof Number n ? n.doubleValue() : Double.NaN;
        } catch (Exception e) {
          return Double.NaN; // NameNode restarting
        }
      };
    }
    return () -> {
      try {
        NetworkTopology topology = embedded.miniCluster().getNamesystem().getBlockManager().getDatanodeManager()
            .getNetworkTopology();
        return topology instanceof ReplicaKitNetworkTopology
            ? ((ReplicaKitNetworkTopology) topology).policy().weight() : Double.NaN;
      } catch (RuntimeException e) {
        return Double.NaN; // NameNode restarting
      }
    };
  }

  private static ObjectName beanName(String name) {
    try {
      return new ObjectName(name);
    } catch (javax.management.MalformedObjectNameException e) {
      throw new IllegalArgumentException(name, e);
    }
  }
}
