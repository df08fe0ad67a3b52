/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.query;

import io.replicakit.metrics.config.MetricsConfig;
import io.replicakit.metrics.proto.SystemMetricsProtos.ListNodesResponseProto;
import io.replicakit.metrics.rpc.MetricsClient;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.NetUtils;

/** Reads a NameNode's registry from outside, for tools: the host of the file system URI, the plugin's port. */
public final class MetricsQuery {

  private static final int TIMEOUT_MS = 10_000;

  private MetricsQuery() {}

  /** The metrics server of the NameNode behind {@code fs}: its host, and the port configured for the plugin. */
  public static InetSocketAddress serverFor(URI fs, Configuration conf) {
    InetSocketAddress configured = MetricsConfig.serverAddress(conf);
    if (fs.getHost() == null) {
      throw new IllegalArgumentException("file system URI has no host: " + fs);
    }
    return NetUtils.createSocketAddr(fs.getHost(), configured.getPort());
  }

  public static ListNodesResponseProto listNodes(Configuration conf, InetSocketAddress server) throws IOException {
    try (MetricsClient client = MetricsClient.connect(conf, server, TIMEOUT_MS)) {
      return client.listNodes();
    }
  }
}
