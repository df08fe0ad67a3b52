/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.security.ServicePrincipals.Caller;
import io.replicakit.common.security.ServicePrincipals.Named;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ServicePrincipalsTest {

  private final ServicePrincipals daemons = new ServicePrincipals(List.of(
      new Named("NameNode", "nn/_HOST@EXAMPLE.COM"), new Named("DataNode", "dn/_HOST@EXAMPLE.COM")));

  private static Caller kerberos(String principal, String host) {
    return new Caller(Optional.of(principal), host);
  }

  @Test
  void daemonPrincipalOnItsOwnHost_isAccepted() {
    assertEquals(Optional.empty(), daemons.refusal(kerberos("dn/dn7.example.com@EXAMPLE.COM", "DN7.example.com"),
        "notice"));
    assertEquals(Optional.empty(), daemons.refusal(kerberos("nn/nn1.example.com@EXAMPLE.COM", "nn1.example.com"),
        "notice"));
  }

  @Test
  void daemonPrincipalOfAnotherHost_isRefused() {
    Optional<String> refusal = daemons.refusal(kerberos("dn/dn8.example.com@EXAMPLE.COM", "dn7.example.com"),
        "notice");
    assertTrue(refusal.orElseThrow().contains("dn/dn8.example.com@EXAMPLE.COM (from dn7.example.com) is not"),
        refusal.get());
  }

  @Test
  void otherPrincipal_isRefused() {
    assertTrue(daemons.refusal(kerberos("mallory@EXAMPLE.COM", "dn7.example.com"), "notice").isPresent());
    assertTrue(daemons.refusal(kerberos("dn/dn7.example.com@OTHER.COM", "dn7.example.com"), "notice").isPresent());
  }

  @Test
  void callerWithoutKerberos_isRefused() {
    Optional<String> refusal = daemons.refusal(new Caller(Optional.empty(), "dn7.example.com"), "metrics report");
    assertEquals("metrics report refused: the caller is not authenticated by Kerberos", refusal.orElseThrow());
  }

  @Test
  void patternWithoutHost_mustMatchExactly() {
    ServicePrincipals fixed = new ServicePrincipals(List.of(new Named("DataNode", "hdfs@EXAMPLE.COM"),
        new Named("NameNode", "")));
    assertEquals(Optional.empty(), fixed.refusal(kerberos("hdfs@EXAMPLE.COM", "any"), "notice"));
    assertTrue(fixed.refusal(kerberos("hdfs/any@EXAMPLE.COM", "any"), "notice").isPresent());
  }

  @Test
  void noConfiguredPrincipal_refusesEveryone() {
    Optional<String> refusal = new ServicePrincipals(List.of(new Named("DataNode", " ")))
        .refusal(kerberos("dn/h@EXAMPLE.COM", "h"), "notice");
    assertTrue(refusal.orElseThrow().contains("none is configured"), refusal.get());
  }

  @Test
  void hostPattern_isReplacedOnlyAsTheInstance() {
    assertEquals("dn/h1@R", ServicePrincipals.expected("dn/_HOST@R", "H1"));
    assertEquals("dn/h1", ServicePrincipals.expected("dn/_HOST", "h1"));
    assertEquals("_HOST@R", ServicePrincipals.expected("_HOST@R", "h1"));
    assertEquals("dn/x_HOST@R", ServicePrincipals.expected("dn/x_HOST@R", "h1"));
  }
}
