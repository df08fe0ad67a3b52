package io.replicakit.bench.pfimbi;

import io.replicakit.pfimbi.config.PfimbiConfig;
import io.replicakit.pfimbi.datanode.ReplicationManagerPlugin;
import io.replicakit.pfimbi.namenode.PfimbiNameNodePlugin;
import io.replicakit.testbed.cluster.ClusterOptions;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.blockmanagement.PfimbiPlacementPolicy;

/**
 * How the Pfimbi experiments configure an embedded cluster, in one place so that the DFSIO comparison
 * ({@link PfimbiExperiment}) and the fault campaign measure the same Pfimbi: the block size of the run, one-second
 * heartbeats, and for Pfimbi both plugins with the placement wrapper, the testbed's emulated devices as the
 * activity source, a 200 ms NameNode scan and the run's buffer size. Anything else stays at Pfimbi's defaults
 * unless the user's {@code --set} settings, applied last, say otherwise.
 */
public final class PfimbiClusterRecipe {

  static final long SCAN_INTERVAL_MS = 200;

  private PfimbiClusterRecipe() {}

  /** Settings every variant gets, Pfimbi or not, so they differ only in Pfimbi. */
  public static ClusterOptions base(Path dir, long blockBytes) {
    return ClusterOptions.in(dir)
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(blockBytes))
        .with(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY, "1");
  }

  /** Adds Pfimbi: the NameNode and DataNode plugins, the placement wrapper, a free Replication Manager port. */
  public static ClusterOptions withPfimbi(ClusterOptions options, int bufferBlocks) throws IOException {
    return options
        .with(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, PfimbiPlacementPolicy.class.getName())
        .with(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, PfimbiNameNodePlugin.class.getName())
        .with(DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, ReplicationManagerPlugin.class.getName())
        .with(PfimbiConfig.RPC_ADDRESS_KEY, "0.0.0.0:" + freePort())
        .with(PfimbiConfig.ACTIVITY_SOURCE_KEY, "testbed")
        .with(PfimbiConfig.ACTIVITY_DIRTY_KEY, "false")
        .with(PfimbiConfig.SCAN_INTERVAL_MS_KEY, Long.toString(SCAN_INTERVAL_MS))
        .with(PfimbiConfig.BUFFER_BLOCKS_KEY, Integer.toString(bufferBlocks));
  }

  /** The user's settings, applied last so they override the recipe. */
  public static ClusterOptions withSettings(ClusterOptions options, Map<String, String> settings) {
    ClusterOptions result = options;
    for (Map.Entry<String, String> e : settings.entrySet()) {
      result = result.with(e.getKey(), e.getValue());
    }
    return result;
  }

  /** The Replication Managers' port as a cluster configuration (a client's or a daemon's) has it. */
  public static int managerPort(Configuration conf) {
    return conf.getSocketAddr(PfimbiConfig.RPC_ADDRESS_KEY, PfimbiConfig.RPC_ADDRESS_DEFAULT, 0).getPort();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
