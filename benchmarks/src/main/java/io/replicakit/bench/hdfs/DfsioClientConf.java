/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.hdfs;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.dfsio.DfsioRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;

/** The client configuration the experiments run TestDFSIO with (off-cluster unless said otherwise). */
public final class DfsioClientConf {

  /**
   * Map-side sort buffer of the TestDFSIO maps. Each map emits a few bytes of statistics, but MapReduce allocates
   * its default 100 MiB buffer per map; with all maps in this one JVM that allocation delayed the start of a
   * 24-map read by about a second (on a real cluster each map allocates it in its own container, in parallel).
   */
  public static final String MAP_SORT_MB_KEY = "mapreduce.task.io.sort.mb";
  public static final int MAP_SORT_MB = 1;

  /**
   * How often the job client polls for the job's completion. TestDFSIO's execution time ends when the client
   * notices, so MapReduce's default of 1000 ms quantized it in whole seconds (8 % of a 12 s read).
   */
  public static final String POLL_INTERVAL_KEY = "mapreduce.client.progressmonitor.pollinterval";
  public static final int POLL_INTERVAL_MS = 50;

  private DfsioClientConf() {}

  /**
   * Idle RPC connections close after a second: a NameNode restarted on the same port (the read experiments switch
   * policies that way) must not leave a pooled connection that fails the next job's first call. Maps use a small
   * sort buffer and the job's end is noticed within {@link #POLL_INTERVAL_MS}.
   */
  public static Configuration offCluster(Cluster cluster) {
    return at(cluster, ClientPlacement.offCluster());
  }

  /** The same for TestDFSIO run from {@code placement} (its maps write from there). */
  public static Configuration at(Cluster cluster, ClientPlacement placement) {
    Configuration conf = cluster.clientConf(placement);
    conf.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECTION_MAXIDLETIME_KEY, 1000);
    conf.setInt(MAP_SORT_MB_KEY, MAP_SORT_MB);
    conf.setInt(POLL_INTERVAL_KEY, POLL_INTERVAL_MS);
    return conf;
  }

  /**
   * TestDFSIO at {@code placement} through the cluster ({@link Cluster#dfsio}: in a client JVM of its own there when
   * the cluster runs YARN, each job a fresh JVM), its maps with the small sort buffer and the job's end noticed
   * quickly, as above.
   */
  public static DfsioRunner runnerAt(Cluster cluster, ClientPlacement placement, Path workDir) throws IOException {
    return cluster.dfsio(placement, workDir).withSettings(Map.of(MAP_SORT_MB_KEY, Integer.toString(MAP_SORT_MB),
        POLL_INTERVAL_KEY, Integer.toString(POLL_INTERVAL_MS)));
  }
}
