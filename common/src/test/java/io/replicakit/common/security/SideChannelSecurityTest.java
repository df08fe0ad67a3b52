/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.security.SaslRpcServer.AuthMethod;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.authentication.util.KerberosName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SideChannelSecurityTest {

  private static String previousRules;

  /** Name rules for the principals below (a UGI of a principal needs them; no KDC involved). */
  @BeforeAll
  static void nameRules() {
    previousRules = KerberosName.hasRulesBeenSet() ? KerberosName.getRules() : null;
    KerberosName.setRules("RULE:[1:$1]\nRULE:[2:$1]\nDEFAULT");
  }

  /** The rules as they were: a later test in this JVM may rely on them. */
  @AfterAll
  static void previousNameRules() {
    KerberosName.setRules(previousRules);
  }

  @Test
  void limitRequests_lowersHadoopsDefaultToTheMessageLimitPlusHeaders() {
    Configuration conf = new Configuration(false);
    SideChannelSecurity.limitRequests(conf, 1024 * 1024);
    assertEquals(1024 * 1024 + SideChannelSecurity.RPC_HEADER_BYTES,
        conf.getInt(CommonConfigurationKeys.IPC_MAXIMUM_DATA_LENGTH, -1));
  }

  /** Small messages still leave room for a SASL negotiation with a large Kerberos ticket. */
  @Test
  void limitRequests_neverGoesBelowTheFloor() {
    Configuration conf = new Configuration(false);
    SideChannelSecurity.limitRequests(conf, 1024);
    assertEquals(SideChannelSecurity.MIN_REQUEST_BYTES,
        conf.getInt(CommonConfigurationKeys.IPC_MAXIMUM_DATA_LENGTH, -1));
  }

  @Test
  void limitRequests_keepsALowerConfiguredLimit() {
    Configuration conf = new Configuration(false);
    conf.setInt(CommonConfigurationKeys.IPC_MAXIMUM_DATA_LENGTH, 10_000);
    SideChannelSecurity.limitRequests(conf, 64 * 1024);
    assertEquals(10_000, conf.getInt(CommonConfigurationKeys.IPC_MAXIMUM_DATA_LENGTH, -1));
  }

  @Test
  void kerberosCaller_hasItsPrincipal() {
    UserGroupInformation dn = UserGroupInformation.createRemoteUser("dn/gw.example.com@EXAMPLE.COM",
        AuthMethod.KERBEROS);
    assertEquals(Optional.of("dn/gw.example.com@EXAMPLE.COM"),
        SideChannelSecurity.caller(dn, InetAddress.getLoopbackAddress()).principal());
  }

  /**
   * A service allowed to impersonate claims a daemon's principal through doAs: Kerberos authenticated the service,
   * not the name it claims, so the caller has no principal (no daemon calls through doAs).
   */
  @Test
  void proxyUserClaimingADaemonsPrincipal_hasNoPrincipal() {
    UserGroupInformation oozie = UserGroupInformation.createRemoteUser("oozie/gw.example.com@EXAMPLE.COM",
        AuthMethod.KERBEROS);
    UserGroupInformation claimed = UserGroupInformation.createProxyUser("dn/gw.example.com@EXAMPLE.COM", oozie);
    assertEquals(Optional.empty(), SideChannelSecurity.caller(claimed, InetAddress.getLoopbackAddress())
        .principal());
  }

  @Test
  void tokenOrSimpleCaller_hasNoPrincipal() {
    for (AuthMethod m : new AuthMethod[] {AuthMethod.TOKEN, AuthMethod.SIMPLE}) {
      UserGroupInformation u = UserGroupInformation.createRemoteUser("dn/gw.example.com@EXAMPLE.COM", m);
      assertEquals(Optional.empty(), SideChannelSecurity.caller(u, null).principal(), m.toString());
    }
  }
}
