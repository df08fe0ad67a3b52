/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.security.ServicePrincipals;
import io.replicakit.common.security.ServicePrincipals.Caller;
import io.replicakit.metrics.wire.Rejection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SenderCheckTest {

  private static final Map<String, String> REGISTERED = Map.of("dn-1", "10.0.0.1", "dn-2", "10.0.0.2");
  private static final Caller SIMPLE = new Caller(Optional.empty(), "dn1.example.com");

  private final SenderCheck simple = new SenderCheck(uuid -> Optional.ofNullable(REGISTERED.get(uuid)),
      Optional.empty());
  private final SenderCheck kerberos = new SenderCheck(uuid -> Optional.ofNullable(REGISTERED.get(uuid)),
      Optional.of(new ServicePrincipals(List.of(new ServicePrincipals.Named("DataNode", "dn/_HOST@EXAMPLE.COM")))));

  @Test
  void reportFromTheRegisteredAddress_isAccepted() {
    assertEquals(Optional.empty(), simple.refusal("dn-1", "10.0.0.1", SIMPLE));
  }

  @Test
  void spoofedUuid_isRefused() {
    SenderCheck.Refusal refusal = simple.refusal("dn-2", "10.0.0.1", SIMPLE).orElseThrow();
    assertEquals(Rejection.WRONG_SENDER, refusal.reason());
    assertEquals("a report for DataNode dn-2 must come from its registered address 10.0.0.2, not 10.0.0.1",
        refusal.detail());
  }

  @Test
  void unregisteredUuid_isRefused() {
    assertEquals(new SenderCheck.Refusal(Rejection.UNKNOWN_NODE, "no DataNode dn-9 is registered with this NameNode"),
        simple.refusal("dn-9", "10.0.0.1", SIMPLE).orElseThrow());
  }

  @Test
  void withKerberos_dataNodePrincipalFromTheRegisteredAddress_isAccepted() {
    Caller dn1 = new Caller(Optional.of("dn/dn1.example.com@EXAMPLE.COM"), "dn1.example.com");
    assertEquals(Optional.empty(), kerberos.refusal("dn-1", "10.0.0.1", dn1));
  }

  @Test
  void withKerberos_otherPrincipal_isRefusedEvenFromTheRightAddress() {
    Caller user = new Caller(Optional.of("alice@EXAMPLE.COM"), "dn1.example.com");
    String detail = kerberos.refusal("dn-1", "10.0.0.1", user).orElseThrow().detail();
    assertTrue(detail.contains("alice@EXAMPLE.COM"), detail);
  }

  @Test
  void withKerberos_unauthenticatedCaller_isRefused() {
    String detail = kerberos.refusal("dn-1", "10.0.0.1", SIMPLE).orElseThrow().detail();
    assertTrue(detail.contains("not authenticated"), detail);
  }

  @Test
  void withKerberos_dataNodePrincipal_cannotReportForAnotherDataNode() {
    Caller dn1 = new Caller(Optional.of("dn/dn1.example.com@EXAMPLE.COM"), "dn1.example.com");
    String detail = kerberos.refusal("dn-2", "10.0.0.1", dn1).orElseThrow().detail();
    assertTrue(detail.contains("registered address 10.0.0.2"), detail);
  }
}
