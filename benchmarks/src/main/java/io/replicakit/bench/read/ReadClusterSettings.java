package io.replicakit.bench.read;

import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.datanode.MetricsReporterPlugin;
import io.replicakit.metrics.namenode.SystemStatePlugin;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.hdfs.ReplicaKitNetworkTopology;
import io.replicakit.read.policy.ReadPolicies;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.net.NetworkTopology;

/**
 * The HDFS settings both read experiments run with, as read-selection's ITs configure their clusters: ReplicaKit's
 * topology installed from the start (so switching policy is a NameNode restart), the policies' storage model
 * equal to the emulated devices, rack uplinks not a bottleneck (the testbed's are loopback, so the paper's rule 3
 * would otherwise forbid every fast replica in another rack), and both heartbeat-metrics plugins with the
 * testbed's sources, which report each node's own emulated devices and emulated CPU/memory stress.
 */
final class ReadClusterSettings {

  /** Inter-rack bandwidth the policies assume: 10 Gb/s, far above any emulated device. */
  static final String INTER_RACK_MBPS = "1250";
  /** Sampling period of the DataNodes' system state (DRR adjusts at most every 3 s on these). */
  static final long METRICS_INTERVAL_MS = 1000;

  private ReadClusterSettings() {}

  /** Options for a cluster of {@code spec} with {@code blockBytes} blocks, starting with network distance. */
  static ClusterOptions options(Path dir, ClusterSpec spec, long blockBytes, Map<String, String> extra) {
    ClusterOptions options = ClusterOptions.in(dir)
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(blockBytes))
        .with(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, ReplicaKitNetworkTopology.class.getName())
        .with(ReadSelectionConfig.POLICY_KEY, ReadSelectionConfig.POLICY_DEFAULT)
        .with(ReadSelectionConfig.INTER_RACK_KEY, INTER_RACK_MBPS)
        .with(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, SystemStatePlugin.class.getName())
        .with(DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, MetricsReporterPlugin.class.getName())
        .with(MetricsConfig.SERVER_ADDRESS_KEY, "127.0.0.1:" + freePort())
        .with(MetricsConfig.INTERVAL_MS_KEY, Long.toString(METRICS_INTERVAL_MS))
        .with(MetricsConfig.HOST_SOURCE_KEY, "testbed")
        .with(MetricsConfig.VOLUME_SOURCE_KEY, "testbed")
        // The NameNode restarts for every policy; reporters must find its plugin again within seconds.
        .with(MetricsConfig.BACKOFF_MAX_MS_KEY, "2000");
    for (StorageType type : spec.volumeTypes()) {
      options = options.with(ReadSelectionConfig.throughputKey(type),
          String.format(Locale.ROOT, "%.3f", spec.devices().mibPerSec(type)));
    }
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

  /**
   * Map-side sort buffer of the TestDFSIO maps. Each map emits a few bytes of statistics, but MapReduce allocates
   * its default 100 MiB buffer per map; with all maps in this one JVM that allocation delayed the start of a
   * 24-map read by about a second (on a real cluster each map allocates it in its own container, in parallel).
   */
  static final String MAP_SORT_MB_KEY = "mapreduce.task.io.sort.mb";
  static final int MAP_SORT_MB = 1;

  /**
   * How often the job client polls for the job's completion. TestDFSIO's execution time ends when the client
   * notices, so MapReduce's default of 1000 ms quantized it in whole seconds (8 % of a 12 s read).
   */
  static final String POLL_INTERVAL_KEY = "mapreduce.client.progressmonitor.pollinterval";
  static final int POLL_INTERVAL_MS = 50;

  /**
   * The off-cluster client's configuration for TestDFSIO. Idle RPC connections close after a second: the NameNode
   * restarts between policies on the same port, and a pooled connection to the old one would fail the next job's
   * first call (an EOF on a non-idempotent delete, which the client does not retry). Maps use a small sort buffer
   * ({@link #MAP_SORT_MB_KEY}) and the job's end is noticed within {@link #POLL_INTERVAL_MS}.
   */
  static Configuration clientConf(EmbeddedCluster cluster) {
    Configuration conf = cluster.clientConf(ClientPlacement.offCluster());
    conf.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECTION_MAXIDLETIME_KEY, 1000);
    conf.setInt(MAP_SORT_MB_KEY, MAP_SORT_MB);
    conf.setInt(POLL_INTERVAL_KEY, POLL_INTERVAL_MS);
    return conf;
  }

  /** The round-robin weight the NameNode's policy is using now (NaN for policies without one). */
  static DoubleSupplier weight(EmbeddedCluster cluster) {
    return () -> {
      try {
        NetworkTopology topology = cluster.miniCluster().getNamesystem().getBlockManager().getDatanodeManager()
            .getNetworkTopology();
        return topology instanceof ReplicaKitNetworkTopology
            ? ((ReplicaKitNetworkTopology) topology).policy().weight() : Double.NaN;
      } catch (RuntimeException e) {
        return Double.NaN; // NameNode restarting
      }
    };
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
