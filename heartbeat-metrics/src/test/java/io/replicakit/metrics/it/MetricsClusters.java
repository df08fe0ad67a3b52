package io.replicakit.metrics.it;

import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.datanode.MetricsReporterPlugin;
import io.replicakit.metrics.namenode.SystemStatePlugin;
import io.replicakit.testbed.cluster.ClusterOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/** Embedded-cluster options with both plugins installed, as an operator's hdfs-site.xml would set them. */
final class MetricsClusters {

  static final long INTERVAL_MS = 1000;

  private MetricsClusters() {}

  static ClusterOptions withPlugins(Path dir) {
    return ClusterOptions.in(dir)
        .with(DFSConfigKeys.DFS_NAMENODE_PLUGINS_KEY, SystemStatePlugin.class.getName())
        .with(DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY, MetricsReporterPlugin.class.getName())
        .with(MetricsConfig.SERVER_ADDRESS_KEY, "127.0.0.1:" + freePort())
        .with(MetricsConfig.INTERVAL_MS_KEY, Long.toString(INTERVAL_MS))
        .with(MetricsConfig.VOLUME_SOURCE_KEY, "testbed");
  }

  /** A port free right now; the NameNode plugin binds it a moment later. */
  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
