/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.query;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.metrics.config.MetricsConfig;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class MetricsQueryTest {

  private static int port(Configuration conf) {
    return MetricsConfig.serverAddress(conf).getPort();
  }

  @Test
  void plainUri_asksItsHost_atThePluginsPort() {
    Configuration conf = new Configuration(false);
    List<InetSocketAddress> servers = MetricsQuery.serversFor(URI.create("hdfs://nn.example.com:8020"), conf);
    assertEquals(List.of(InetSocketAddress.createUnresolved("nn.example.com", port(conf))),
        servers.stream().map(a -> InetSocketAddress.createUnresolved(a.getHostString(), a.getPort())).toList());
  }

  /** An HA nameservice is no host: every NameNode of it is asked (each keeps a registry), at the plugin's port. */
  @Test
  void haNameservice_asksEachOfItsNameNodes() {
    Configuration conf = new Configuration(false);
    conf.set("dfs.nameservices", "ns1");
    conf.set("dfs.ha.namenodes.ns1", "nn1,nn2");
    conf.set("dfs.namenode.rpc-address.ns1.nn1", "nn1.example.com:8020");
    conf.set("dfs.namenode.rpc-address.ns1.nn2", "nn2.example.com:8020");
    conf.set("dfs.client.failover.proxy.provider.ns1",
        "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
    Set<String> servers = MetricsQuery.serversFor(URI.create("hdfs://ns1"), conf).stream()
        .map(a -> a.getHostString() + ":" + a.getPort()).collect(Collectors.toSet());
    assertEquals(Set.of("nn1.example.com:" + port(conf), "nn2.example.com:" + port(conf)), servers);
  }
}
