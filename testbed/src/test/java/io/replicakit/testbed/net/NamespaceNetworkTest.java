/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.io.IOException;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NamespaceNetworkTest {

  /** {@code /proc/self/uid_map} of a process in the machine's initial user namespace. */
  private static final String INITIAL = "         0          0 4294967295\n";
  /** ... and in the one {@code unshare -r} makes for user 1000: root inside is 1000 outside. */
  private static final String UNSHARED = "         0       1000          1\n";
  private static final Map<String, String> INSIDE = Map.of(NamespaceNetwork.INSIDE_ENV, "1");

  private static ClusterSpec shaped() {
    Properties p = new Properties();
    p.setProperty("datanodes", "2");
    p.setProperty("capacities", "1g*2");
    p.setProperty("net.node.link", "10MB/s");
    return SpecParser.parse(p, "shaped");
  }

  @Test
  void theMarkerAloneInTheInitialUserNamespace_isRefused_beforeAnyCommandRuns() {
    IOException e = assertThrows(IOException.class,
        () -> NamespaceNetwork.requireOwnNamespace(shaped(), INSIDE, () -> INITIAL));
    assertTrue(e.getMessage().contains("initial user namespace"), e.getMessage());
    assertTrue(e.getMessage().contains(NamespaceNetwork.INSIDE_ENV), e.getMessage());
  }

  @Test
  void theMarkerInAUserNamespaceOfItsOwn_isAccepted() {
    assertDoesNotThrow(() -> NamespaceNetwork.requireOwnNamespace(shaped(), INSIDE, () -> UNSHARED));
    assertDoesNotThrow(() -> NamespaceNetwork.requireOwnNamespace(shaped(), INSIDE, () -> "0 0 1\n"),
        "root's own unshare -r maps root to itself, one ID only");
  }

  @Test
  void aUserNamespaceThatCannotBeRead_isRefused() {
    IOException e = assertThrows(IOException.class, () -> NamespaceNetwork.requireOwnNamespace(shaped(), INSIDE,
        () -> {
          throw new IOException("/proc/self/uid_map: No such file or directory");
        }));
    assertTrue(e.getMessage().contains("No such file or directory"), e.getMessage());
  }

  @Test
  void aUserNamespaceOfItsOwnWithoutTheMarker_isStillRefused() {
    assertThrows(IOException.class, () -> NamespaceNetwork.requireOwnNamespace(shaped(), Map.of(), () -> UNSHARED));
  }
}
