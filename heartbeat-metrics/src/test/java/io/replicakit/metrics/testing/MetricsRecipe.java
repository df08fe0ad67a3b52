/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.testing;

import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.datanode.MetricsReporterPlugin;
import io.replicakit.metrics.namenode.SystemStatePlugin;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.Plugins;
import io.replicakit.testbed.net.Ports;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * How to install heartbeat-metrics on a testbed cluster, the one recipe the module's integration tests and the
 * benchmarks' experiments share: both plugins as an operator's hdfs-site.xml names them, the metrics server on a
 * free port of every address, and the volume counters of the testbed's emulated devices (so that a reported disk
 * is the emulated one the DataNode writes to).
 *
 * <p>It lives in the module's test-jar (package {@code testing}, the only part that jar ships) because it is
 * written in testbed types: production code must not depend on the testbed, while the tests and the benchmarks
 * may.
 */
public final class MetricsRecipe {

  private MetricsRecipe() {}

  /** Adds both plugins, reporting every {@code intervalMs}, to {@code options}. */
  public static ClusterOptions install(ClusterOptions options, long intervalMs) {
    return Plugins.add(Plugins.add(options, DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, SystemStatePlugin.class),
            DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, MetricsReporterPlugin.class)
        // The wildcard: the server listens on every address, and each DataNode reports to its NameNode's own host,
        // which is not the driver's loopback when the daemons run in network namespaces of their own.
        .with(MetricsConfig.SERVER_ADDRESS_KEY, "0.0.0.0:" + Ports.free())
        .with(MetricsConfig.INTERVAL_MS_KEY, Long.toString(intervalMs))
        .with(MetricsConfig.VOLUME_SOURCE_KEY, "testbed");
  }
}
