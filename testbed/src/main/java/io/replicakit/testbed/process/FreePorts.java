/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;

/**
 * A port nobody listens on at an address, for a daemon that must be told its port before it starts (the
 * NameNode, which DataNodes must find; a JMX agent). Another process could take it in between; the daemon then
 * fails to start with "Address already in use" in its log, which start-up reports.
 */
public final class FreePorts {

  private FreePorts() {}

  /**
   * A port free at {@code address}. An address that is not this namespace's (a host in a network namespace of its
   * own) gets a port free on every address here: that namespace runs only its host's few daemons.
   */
  public static int pick(String address) {
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
