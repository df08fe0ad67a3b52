/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/**
 * A TCP port for a plugin's own server (the metrics side channel, Pfimbi's Replication Managers) in an embedded
 * cluster. Those servers take their port from configuration, which must be written before the daemons start, so
 * a port is picked by binding to port 0 and releasing it at once; the daemon binds it moments later. Bound on
 * every address, so that the port is free whether the server listens on loopback or on all addresses.
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
}
