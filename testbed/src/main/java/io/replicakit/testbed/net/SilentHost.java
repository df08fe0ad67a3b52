/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback address whose connection attempts time out, as a powered-off or firewalled host's do (a refused
 * connection fails at once, which is the easy case): a listener that never accepts, its backlog filled. For
 * tests of clients that must not hang on such a host.
 */
public final class SilentHost implements AutoCloseable {

  private final ServerSocket listener;
  private final List<Socket> filling = new ArrayList<>();

  private SilentHost(ServerSocket listener) {
    this.listener = listener;
  }

  /** Opens the listener and fills its backlog. */
  public static SilentHost open() throws IOException {
    SilentHost host = new SilentHost(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
    for (int i = 0; i < 4; i++) {
      Socket s = new Socket();
      host.filling.add(s);
      try {
        s.connect(host.listener.getLocalSocketAddress(), 300);
      } catch (IOException full) {
        // the backlog is full: what a client will meet
      }
    }
    return host;
  }

  public InetSocketAddress address() {
    return (InetSocketAddress) listener.getLocalSocketAddress();
  }

  @Override
  public void close() throws IOException {
    for (Socket s : filling) {
      s.close();
    }
    listener.close();
  }
}
