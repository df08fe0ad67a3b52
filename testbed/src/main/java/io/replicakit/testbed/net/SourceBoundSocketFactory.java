/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

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
 * A {@code hadoop.rpc.socket.factory.class.default} whose sockets originate from one address, chosen by the subclass
 * when Hadoop configures the factory: the NameNode takes a DataNode's IP, and a client's locality, from the source
 * address of its connections, so an embedded daemon or client bound to its own 127.0.0.N behaves as one on its own
 * host.
 *
 * <p>Equality is by class and address: Hadoop caches RPC clients per socket factory, and clients bound to different
 * addresses must not share connections.
 */
public abstract class SourceBoundSocketFactory extends StandardSocketFactory implements Configurable {

  private Configuration conf;
  private InetAddress bindAddress;

  @Override
  public final void setConf(Configuration conf) {
    this.conf = conf;
    this.bindAddress = bindAddressFor(conf);
  }

  /**
   * The address this factory's sockets come from, given its configuration and the thread configuring it.
   *
   * @return the address, or null for any
   * @throws IllegalArgumentException if the configuration names a bad address (the message names the key)
   */
  protected abstract InetAddress bindAddressFor(Configuration conf);

  @Override
  public final Configuration getConf() {
    return conf;
  }

  /** The address this factory's sockets come from; null for any. */
  public final InetAddress bindAddress() {
    return bindAddress;
  }

  @Override
  public final Socket createSocket() throws IOException {
    Socket socket = SocketChannel.open().socket();
    if (bindAddress != null) {
      try {
        socket.bind(new InetSocketAddress(bindAddress, 0));
      } catch (IOException | RuntimeException e) {
        socket.close();
        throw e;
      }
    }
    return socket;
  }

  /** A local address given by the caller is used instead of the factory's, as {@code StandardSocketFactory} does. */
  @Override
  public final Socket createSocket(InetAddress addr, int port, InetAddress localHostAddr, int localPort)
      throws IOException {
    return connected(new InetSocketAddress(localHostAddr, localPort), new InetSocketAddress(addr, port));
  }

  @Override
  public final Socket createSocket(String host, int port, InetAddress localHostAddr, int localPort)
      throws IOException {
    return connected(new InetSocketAddress(localHostAddr, localPort), new InetSocketAddress(host, port));
  }

  /** A socket bound to {@code local} and connected to {@code remote}; closed if either fails. */
  private static Socket connected(InetSocketAddress local, InetSocketAddress remote) throws IOException {
    Socket socket = SocketChannel.open().socket();
    try {
      socket.bind(local);
      socket.connect(remote);
      return socket;
    } catch (IOException | RuntimeException e) {
      socket.close();
      throw e;
    }
  }

  @Override
  public final boolean equals(Object obj) {
    return obj != null && obj.getClass() == getClass()
        && Objects.equals(bindAddress, ((SourceBoundSocketFactory) obj).bindAddress);
  }

  @Override
  public final int hashCode() {
    return Objects.hash(getClass(), bindAddress);
  }
}
