/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import io.replicakit.testbed.TestbedConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import java.util.Objects;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.net.StandardSocketFactory;

/**
 * {@code hadoop.rpc.socket.factory.class.default} that makes every outgoing socket originate from one
 * loopback address ({@value TestbedConfig#BIND_ADDRESS_KEY}). The NameNode takes a DataNode's IP, and a
 * client's locality, from the source address of its connections, so giving each embedded DataNode and client
 * its own 127.0.0.N makes writer locality and reader distance behave as on a real cluster.
 *
 * <p>Equality is by address: Hadoop caches RPC clients per socket factory, and clients bound to different
 * addresses must not share connections.
 */
public final class BoundSocketFactory extends StandardSocketFactory implements Configurable {

  private Configuration conf;
  private InetAddress bindAddress;

  public BoundSocketFactory() {}

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    bindAddress = TestbedConfig.bindAddress(conf).orElse(null);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public Socket createSocket() throws IOException {
    Socket socket = SocketChannel.open().socket();
    if (bindAddress != null) {
      socket.bind(new InetSocketAddress(bindAddress, 0));
    }
    return socket;
  }

  @Override
  public Socket createSocket(InetAddress addr, int port, InetAddress localHostAddr, int localPort)
      throws IOException {
    Socket socket = SocketChannel.open().socket();
    socket.bind(new InetSocketAddress(localHostAddr, localPort));
    socket.connect(new InetSocketAddress(addr, port));
    return socket;
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress localHostAddr, int localPort)
      throws IOException {
    Socket socket = SocketChannel.open().socket();
    socket.bind(new InetSocketAddress(localHostAddr, localPort));
    socket.connect(new InetSocketAddress(host, port));
    return socket;
  }

  @Override
  public boolean equals(Object obj) {
    return obj instanceof BoundSocketFactory other && Objects.equals(bindAddress, other.bindAddress);
  }

  @Override
  public int hashCode() {
    return Objects.hash(BoundSocketFactory.class, bindAddress);
  }
}
