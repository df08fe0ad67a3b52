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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.HAUtilClient;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;
import org.apache.hadoop.net.NetUtils;

/**
 * Reads a NameNode's registry from outside, for tools: the NameNodes behind the file system URI (each NameNode of an
 * HA nameservice keeps a registry of its own: the DataNodes report to all of them), at the plugin's port.
 */
public final class MetricsQuery {

  private static final int TIMEOUT_MS = 10_000;

  private MetricsQuery() {}

  /**
   * The metrics servers of the NameNodes behind {@code fs}: every NameNode of its nameservice when {@code fs} is a
   * logical (HA) URI, else its host; each at the port configured for the plugin. Until session 53 only the host was
   * taken, which for a nameservice is no host, so the balancer never learnt node loads on an HA cluster.
   */
  public static List<InetSocketAddress> serversFor(URI fs, Configuration conf) {
    int port = MetricsConfig.serverAddress(conf).getPort();
    if (fs.getHost() == null) {
      throw new IllegalArgumentException("file system URI has no host: " + fs);
    }
    if (!HAUtilClient.isLogicalUri(conf, fs)) {
      return List.of(NetUtils.createSocketAddr(fs.getHost(), port));
    }
    Map<String, InetSocketAddress> nameNodes = DFSUtilClient.getAddressesForNameserviceId(conf, fs.getHost(), null,
        HdfsClientConfigKeys.DFS_NAMENODE_RPC_ADDRESS_KEY);
    if (nameNodes.isEmpty()) {
      throw new IllegalArgumentException("nameservice " + fs.getHost() + " has no NameNode RPC address");
    }
    List<InetSocketAddress> servers = new ArrayList<>();
    for (InetSocketAddress rpc : nameNodes.values()) {
      servers.add(NetUtils.createSocketAddr(rpc.getHostString(), port));
    }
    return servers;
  }

  /** The registry of the first of {@code servers} that answers; the last failure when none does. */
  public static ListNodesResponseProto listNodes(Configuration conf, List<InetSocketAddress> servers)
      throws IOException {
    IOException last = new IOException("no metrics server to ask");
    for (InetSocketAddress server : servers) {
      try {
        return listNodes(conf, server);
      } catch (IOException e) {
        last = e;
      }
    }
    throw last;
  }

  public static ListNodesResponseProto listNodes(Configuration conf, InetSocketAddress server) throws IOException {
    try (MetricsClient client = MetricsClient.connect(conf, server, TIMEOUT_MS)) {
      return client.listNodes();
    }
  }
}
