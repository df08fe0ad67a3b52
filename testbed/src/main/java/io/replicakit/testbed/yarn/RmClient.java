/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.yarn;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * The harness's own view of the ResourceManager (YARN's client API): which nodes it counts as running. Fails fast
 * while the ResourceManager is not up yet, so a wait can poll it.
 */
final class RmClient implements AutoCloseable {

  private final YarnConfiguration conf = new YarnConfiguration();
  private YarnClient client;

  RmClient(YarnConfs.RmEndpoints rm) {
    rm.settings().forEach(conf::set);
    conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, 2_000);
    conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_RETRY_INTERVAL_MS, 500);
    conf.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 0);
    conf.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SOCKET_TIMEOUTS_KEY, 0);
  }

  /**
   * Addresses of the nodes whose NodeManager the ResourceManager lists as RUNNING, sorted, once per NodeManager: a
   * node whose killed NodeManager has not expired yet and whose new one has registered appears twice.
   */
  synchronized List<String> runningNodeHosts() throws IOException {
    if (client == null) {
      client = YarnClient.createYarnClient();
      client.init(conf);
      client.start();
    }
    try {
      List<String> hosts = new ArrayList<>();
      for (NodeReport report : client.getNodeReports(NodeState.RUNNING)) {
        hosts.add(report.getNodeId().getHost());
      }
      Collections.sort(hosts);
      return hosts;
    } catch (YarnException e) {
      throw new IOException("cannot list the ResourceManager's nodes: " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized void close() {
    if (client != null) {
      client.stop();
      client = null;
    }
  }
}
