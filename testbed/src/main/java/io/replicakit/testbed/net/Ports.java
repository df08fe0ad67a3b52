/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;

/**
 * Free TCP ports for servers that must be told their port before they start: a plugin's own server (the metrics
 * side channel, Pfimbi's Replication Managers) in an embedded cluster, a daemon of a multi-process cluster. A port is
 * picked by binding to port 0 and releasing it at once; the server binds it moments later.
 */
public final class Ports {

  private Ports() {}

  /** A port free right now. */
  public static int free() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free TCP port", e);
    }
  }

  /**
   * A port free at {@code address}, for a daemon that must be told its port before it starts (the NameNode, which
   * DataNodes must find; a JMX agent). Another process could take it in between; the daemon then fails to start
   * with "Address already in use" in its log, which start-up reports. An address that is not this namespace's (a
   * host in a network namespace of its own) gets a port free on every address here: that namespace runs only its
   * host's few daemons.
   */
  public static int freeOn(String address) {
    try {
      InetAddress at = InetAddress.getByName(address);
      boolean local = at.isLoopbackAddress() || NetworkInterface.getByInetAddress(at) != null;
      try (ServerSocket socket = new ServerSocket(0, 1, local ? at : null)) {
        return socket.getLocalPort();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on " + address, e);
    }
  }
}
