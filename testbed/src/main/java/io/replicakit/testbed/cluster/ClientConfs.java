/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.net.BoundSocketFactory;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.client.HdfsClientConfigKeys;

/** A client's configuration in either mode: the cluster's settings, its NameNode, and sockets from its address. */
final class ClientConfs {

  private ClientConfs() {}

  static Configuration at(Configuration cluster, URI nameNode, String address) {
    Configuration client = new HdfsConfiguration(cluster);
    client.set(CommonConfigurationKeys.FS_DEFAULT_NAME_KEY, nameNode.toString());
    client.set(CommonConfigurationKeys.HADOOP_RPC_SOCKET_FACTORY_CLASS_DEFAULT_KEY,
        BoundSocketFactory.class.getName());
    client.set(TestbedConfig.BIND_ADDRESS_KEY, address);
    // Clients at different addresses must not share a cached FileSystem (and its connections), nor data
    // connections to DataNodes, which DFSClients of one context reuse from a cache of their own for seconds.
    client.setBoolean("fs.hdfs.impl.disable.cache", true);
    client.set(HdfsClientConfigKeys.DFS_CLIENT_CONTEXT, "replicakit-client-" + address);
    return client;
  }
}
