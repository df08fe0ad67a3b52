/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class PortsTest {

  @Test
  void aFreePort_liesBelowTheKernelsEphemeralRange_whereBindingPortZeroNeverLands() throws Exception {
    int low = Ports.ephemeralLow();
    int port = Ports.free();
    if (low > Ports.LOWEST + 100) {
      assertTrue(port >= Ports.LOWEST && port < low, port + " not in [" + Ports.LOWEST + ", " + low + ")");
    }
    try (ServerSocket server = new ServerSocket(port)) {
      assertEquals(port, server.getLocalPort(), "the port is free to bind");
    }
  }

  @Test
  void noRoomBelowTheRange_fallsBackToTheKernel() {
    assertEquals(OptionalInt.empty(), Ports.belowEphemeral(Ports.LOWEST + 10));
    assertEquals(OptionalInt.empty(), Ports.belowEphemeral(0));
    assertTrue(Ports.free() > 0);
  }
}
