/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.testing;

import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.datanode.ReplicationManagerPlugin;
import io.replicakit.pfimbi.namenode.PfimbiNameNodePlugin;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.Plugins;
import io.replicakit.testbed.net.Ports;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.blockmanagement.PfimbiPlacementPolicy;

/**
 * How to install Pfimbi on an embedded testbed cluster, the one recipe the module's integration tests and the
 * benchmarks' Pfimbi experiments share: the NameNode and DataNode plugins with the placement wrapper, the
 * Replication Managers' RPC server on a free port, the testbed's emulated devices as the activity source (their
 * counters, and each node's emulated dirty data for MemDisk's page-cache term), and a 200 ms NameNode
 * scan so that tests and short experiments see copies start within a heartbeat. Everything else stays at Pfimbi's
 * defaults.
 *
 * <p>In the module's test-jar (package {@code testing}, the only part that jar ships) because it is written in
 * testbed types: production code must not depend on the testbed, while the tests and the benchmarks may.
 */
public final class PfimbiRecipe {

  /** The NameNode's scan period for new files in marked directories. */
  public static final long SCAN_INTERVAL_MS = 200;

  private PfimbiRecipe() {}

  /** Adds Pfimbi to {@code options}. */
  public static ClusterOptions install(ClusterOptions options) {
    return Plugins.add(Plugins.add(options, DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, PfimbiNameNodePlugin.class),
            DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, ReplicationManagerPlugin.class)
        .with(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, PfimbiPlacementPolicy.class.getName())
        .with(PfimbiConfig.RPC_ADDRESS_KEY, "0.0.0.0:" + Ports.free())
        .with(PfimbiConfig.ACTIVITY_SOURCE_KEY, "testbed")
        .with(PfimbiConfig.SCAN_INTERVAL_MS_KEY, Long.toString(SCAN_INTERVAL_MS));
  }
}
