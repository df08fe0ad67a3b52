/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.relay;

import io.replicakit.common.PluginStartup;
import io.replicakit.write.WriteConfig;
import io.replicakit.write.hdfs.RelayServer;
import io.replicakit.write.hdfs.WriteInternals;
import java.io.IOException;
import java.net.InetSocketAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ServicePlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DataNode side of master/slave writes ({@code dfs.datanode.plugins}): a relay on
 * {@code replicakit.write.relay.address} that takes a client's block and writes it to this DataNode and the other
 * replicas in parallel (paper §II.C). HDFS's DataNode only forwards along a chain, and a plugin cannot change its
 * {@code DataXceiver}; so the relay is a second data-transfer endpoint in the DataNode process, speaking the same
 * protocol with the DataNode's own security ({@link RelayServer}). The relay is optional: when it cannot start the
 * DataNode runs on without it (logged, counted by {@link PluginStartup}) unless
 * {@code replicakit.write.abort.on.error} is true, and master/slave clients treat this node as failed.
 */
public final class WriteRelayPlugin implements ServicePlugin {

  /** The feature's name in {@link PluginStartup}'s counters. */
  public static final String FEATURE = "WriteRelay";

  private static final Logger LOG = LoggerFactory.getLogger(WriteRelayPlugin.class);

  private volatile RelayServer server;

  @Override
  public void start(Object service) {
    boolean abort = false;
    try {
      Configuration conf = WriteInternals.dataNodeConf(service);
      abort = PluginStartup.abortOnError(conf, WriteConfig.ABORT_ON_ERROR.name());
      WriteInternals.API.check();
      WriteConfig.KEYS.warnUnknown(conf, LOG);
      WriteConfig.KEYS.requireValid(conf);
      InetSocketAddress configured = WriteConfig.RELAY_ADDRESS.get(conf);
      String host = configured.getAddress() == null || configured.getAddress().isAnyLocalAddress()
          ? RelayServer.dataTransferHost(service) : configured.getHostString();
      server = RelayServer.start(service, new InetSocketAddress(host, configured.getPort()));
      LOG.info("ReplicaKit write relay (master/slave) listening on {}", server.address());
    } catch (RuntimeException | IOException | LinkageError e) {
      stop();
      PluginStartup.failed(FEATURE, WriteConfig.ABORT_ON_ERROR.name(), abort, LOG,
          "ReplicaKit write relay cannot start", e);
    }
  }

  /** The relay's address while it runs. */
  public InetSocketAddress address() {
    RelayServer s = server;
    if (s == null) {
      throw new IllegalStateException("the write relay is not running");
    }
    return s.address();
  }

  public boolean running() {
    return server != null;
  }

  @Override
  public void stop() {
    RelayServer s = server;
    server = null;
    if (s != null) {
      s.close();
    }
  }

  @Override
  public void close() {
    stop();
  }
}
