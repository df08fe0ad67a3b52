/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.junit.jupiter.api.Test;

class SideChannelSecurityTest {

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
}
