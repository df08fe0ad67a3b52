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
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;

/**
 * How the Pfimbi experiments configure an embedded cluster, in one place so that the DFSIO comparison
 * ({@link PfimbiExperiment}) and the fault campaign measure the same Pfimbi: the block size of the run, one-second
 * heartbeats, the clients' close retries, and for Pfimbi the module's own install recipe ({@link PfimbiRecipe},
 * the one its integration tests use) with the run's buffer size. Anything else stays at Pfimbi's defaults unless
 * the user's {@code --set} settings, applied last, say otherwise.
 */
public final class PfimbiClusterRecipe {

  private PfimbiClusterRecipe() {}

  /**
   * A closing client's first wait for the NameNode to accept the file as complete, and its retries (HDFS: 400 ms,
   * 5 retries, doubling). A client closes a file once its pipeline acked the last packet, but the NameNode
   * completes the last block only when a DataNode has reported it; with one DataNode in the pipeline (replication
   * 1: Pfimbi's primaries, {@code hdfs(1,1)+setrep(3)}) that report often loses the race, and the close waits the
   * whole first delay. Measured on {@code six-disks} with 30 of SWIM's small jobs: half of the replication-1 jobs
   * took 0.41-0.43 s, in plain HDFS as under Pfimbi, against 3 of 30 for HDFS(3,3) (docs/pfimbi.md).
   * 50 ms and 8 retries keep HDFS's total patience (12.75 s against 12.4 s).
   */
  static final int CLOSE_INITIAL_DELAY_MS = 50;
  static final int CLOSE_RETRIES = 8;

  /**
   * Settings every variant gets, Pfimbi or not, so they differ only in Pfimbi; the clients' close retries
   * ({@link #CLOSE_INITIAL_DELAY_MS}) included, since a client's configuration starts from the cluster's.
   */
  public static ClusterOptions base(Path dir, long blockBytes) {
    return ClusterOptions.in(dir)
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(blockBytes))
        .with(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, "1")
        .with(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_INITIAL_DELAY_MS_KEY,
            Integer.toString(CLOSE_INITIAL_DELAY_MS))
        .with(HdfsClientConfigKeys.BlockWrite.LOCATEFOLLOWINGBLOCK_RETRIES_KEY, Integer.toString(CLOSE_RETRIES));
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
