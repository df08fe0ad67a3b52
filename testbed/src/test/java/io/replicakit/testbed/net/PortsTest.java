/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
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
  void aFreePortOnAnAddress_liesBelowTheKernelsEphemeralRange_andBindsThere() throws Exception {
    int low = Ports.ephemeralLow();
    InetAddress address = InetAddress.getByName("127.0.0.1");
    int port = Ports.freeOn(address.getHostAddress());
    if (low > Ports.LOWEST + 100) {
      assertTrue(port >= Ports.LOWEST && port < low, port + " not in [" + Ports.LOWEST + ", " + low + ")");
    }
    try (ServerSocket server = new ServerSocket(port, 1, address)) {
      assertEquals(port, server.getLocalPort(), "the port is free to bind at the address");
    }
  }

  @Test
  void theKernelsRange_isReadWhole() {
    assumeTrue(Files.isReadable(Path.of("/proc/sys/net/ipv4/ip_local_port_range")), "not Linux");
    assertTrue(Ports.ephemeralLow() >= 1024, "ephemeral range starts at " + Ports.ephemeralLow()
        + ": the file was read in part, and every free port would come from the kernel's range");
  }

  @Test
  void noRoomBelowTheRange_fallsBackToTheKernel() {
    assertEquals(OptionalInt.empty(), Ports.belowEphemeral(Ports.LOWEST + 10, null));
    assertEquals(OptionalInt.empty(), Ports.belowEphemeral(0, null));
    assertTrue(Ports.free() > 0);
  }

  @Test
  void portsPickedTogether_areDistinct_thoughEachPickIsReleasedAtOnce() {
    Iterator<Integer> picks = List.of(20_001, 20_001, 20_002, 20_001, 20_002, 20_003).iterator();
    assertEquals(List.of(20_001, 20_002, 20_003), Ports.distinct(3, picks::next));
  }

  @Test
  void aPortBesideOthersChosen_isNoneOfThem() {
    Iterator<Integer> picks = List.of(20_001, 20_002, 20_001, 20_003).iterator();
    assertEquals(20_003, Ports.other(picks::next, Set.of(20_001, 20_002)));
  }

  @Test
  void onlyTakenPortsOnOffer_failsInsteadOfReturningOne() {
    assertThrows(UncheckedIOException.class, () -> Ports.other(() -> 20_001, Set.of(20_001)));
  }

  @Test
  void fivePortsOnAnAddress_areDistinctAndEachBindsThere() throws Exception {
    List<Integer> ports = Ports.freeOn("127.0.0.1", 5);
    assertEquals(5, Set.copyOf(ports).size(), ports.toString());
    for (int port : ports) {
      try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getByName("127.0.0.1"))) {
        assertEquals(port, server.getLocalPort());
      }
    }
  }
}
