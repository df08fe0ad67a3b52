/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.rpc;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;
import javax.net.SocketFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.net.NetUtils;

/**
 * The IPC client settings of a side channel that owns its retry schedule: one connection attempt, no longer than a
 * call may take, whether it times out, is refused or finds no route.
 *
 * <p>Why a retry policy is not enough: Hadoop's IPC client retries a connect that times out
 * {@code ipc.client.connect.max.retries.on.timeouts} times (45) of {@code ipc.client.connect.timeout} (20 s)
 * whatever the proxy's retry policy ({@code Client.Connection.handleConnectionTimeout}); only a refused connection
 * fails at once. Against a powered-off or firewalled host a single call then blocks for about 15 minutes.
 */
public final class OneConnectAttempt {

  private OneConnectAttempt() {}

  /**
   * A copy of {@code conf} whose IPC client makes one connection attempt, bounded by {@code timeoutMs} when that
   * is positive and shorter than the configured connect timeout.
   */
  public static Configuration of(Configuration conf, int timeoutMs) {
    Configuration bounded = new Configuration(conf);
    bounded.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SOCKET_TIMEOUTS_KEY, 0);
    // and no retry of a refused or unroutable connect, for proxies made without a retry policy of their own (HDFS's
    // ClientDatanodeProtocol proxy: Hadoop's default policy retries ipc.client.connect.max.retries times, 1 s apart)
    bounded.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_KEY, 0);
    if (timeoutMs > 0) {
      bounded.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_KEY, Math.min(timeoutMs,
          conf.getInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_KEY,
              CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_DEFAULT)));
    }
    return bounded;
  }

  /**
   * The socket factory for a side channel's proxies made with {@code rpcConf} (from {@link #of}): {@code rpcConf}'s
   * own ({@code hadoop.rpc.socket.factory.class.default}, so that a testbed's DataNode still binds its own address),
   * told apart from other factories by the connect timeout.
   *
   * <p>Why: Hadoop's IPC keeps one {@code Client} per socket factory ({@code ClientCache}; all standard factories
   * are equal), and a {@code Client} reads its connect timeout once, when it is made. In a DataNode, HDFS's own
   * NameNode connection makes it first, with {@code ipc.client.connect.timeout} (20 s): a side channel sharing that
   * client waited 20 s for a powered-off host whatever bound {@link #of} set (until session 53).
   */
  public static SocketFactory socketFactory(Configuration rpcConf) {
    return new Bounded(NetUtils.getDefaultSocketFactory(rpcConf),
        rpcConf.getInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_KEY,
            CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_DEFAULT));
  }

  /** A socket factory equal only to one of the same delegate and connect timeout. */
  static final class Bounded extends SocketFactory {
    private final SocketFactory delegate;
    private final int connectTimeoutMs;

    Bounded(SocketFactory delegate, int connectTimeoutMs) {
      this.delegate = delegate;
      this.connectTimeoutMs = connectTimeoutMs;
    }

    @Override
    public Socket createSocket() throws IOException {
      return delegate.createSocket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
      return delegate.createSocket(host, port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
      return delegate.createSocket(host, port, localHost, localPort);
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
      return delegate.createSocket(host, port);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
        throws IOException {
      return delegate.createSocket(address, port, localAddress, localPort);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Bounded b && b.connectTimeoutMs == connectTimeoutMs && b.delegate.equals(delegate);
    }

    @Override
    public int hashCode() {
      return 31 * delegate.hashCode() + connectTimeoutMs;
    }
  }
}
