/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.testing.PfimbiRecipe;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.net.NetworkRecord;
import io.replicakit.testbed.spec.ClusterSpec;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * How the Pfimbi experiments configure an embedded cluster, in one place so that the DFSIO comparison
 * ({@link PfimbiExperiment}) and the fault campaign measure the same Pfimbi: the block size of the run, one-second
 * heartbeats, and for Pfimbi the module's own install recipe ({@link PfimbiRecipe}, the one its integration tests
 * use) with the run's buffer size. Anything else stays at Pfimbi's defaults unless the user's {@code --set}
 * settings, applied last, say otherwise.
 */
public final class PfimbiClusterRecipe {

  private PfimbiClusterRecipe() {}

  /** Settings every variant gets, Pfimbi or not, so they differ only in Pfimbi. */
  public static ClusterOptions base(Path dir, long blockBytes) {
    return ClusterOptions.in(dir)
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(blockBytes))
        .with(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, "1");
  }

  /** Adds Pfimbi as its recipe installs it, with a buffer of {@code bufferBlocks} blocks per manager. */
  public static ClusterOptions withPfimbi(ClusterOptions options, int bufferBlocks) {
    return PfimbiRecipe.install(options).with(PfimbiConfig.BUFFER_BLOCKS_KEY, Integer.toString(bufferBlocks));
  }

  /** The user's settings, applied last so they override the recipe. */
  public static ClusterOptions withSettings(ClusterOptions options, Map<String, String> settings) {
    ClusterOptions result = options;
    for (Map.Entry<String, String> e : settings.entrySet()) {
      result = result.with(e.getKey(), e.getValue());
    }
    return result;
  }

  /**
   * The cluster as {@code results.json} records it for the Pfimbi experiments: how the daemons ran, the network, the
   * spec and its devices and write-back, the block size and blocks per job.
   */
  public static Map<String, Object> describe(ClusterSpec spec, ClusterMode mode, long blockBytes, int blocksPerJob) {
    Map<String, Object> cluster = describe(spec, mode);
    cluster.put("block_bytes", blockBytes);
    cluster.put("blocks_per_job", blocksPerJob);
    cluster.put("write_back", spec.describeWriteBack());
    return cluster;
  }

  /** The cluster without the workload: how the daemons ran, the network, the spec and its devices (mutable). */
  public static Map<String, Object> describe(ClusterSpec spec, ClusterMode mode) {
    Map<String, Object> cluster = new LinkedHashMap<>();
    cluster.put("mode", mode.label());
    cluster.put("network", NetworkRecord.of(spec, mode));
    cluster.put("spec", spec.name());
    cluster.put("datanodes", spec.dataNodes().size());
    cluster.put("racks", spec.racks().size());
    cluster.put("devices", spec.devices().describe());
    return cluster;
  }

  /** The Replication Managers' port as a cluster configuration (a client's or a daemon's) has it. */
  public static int managerPort(Configuration conf) {
    return conf.getSocketAddr(PfimbiConfig.RPC_ADDRESS_KEY, PfimbiConfig.RPC_ADDRESS_DEFAULT, 0).getPort();
  }
}
