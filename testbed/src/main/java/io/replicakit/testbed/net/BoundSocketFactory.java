/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import io.replicakit.testbed.TestbedConfig;
import java.net.InetAddress;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code hadoop.rpc.socket.factory.class.default} that makes every outgoing socket originate from one
 * loopback address ({@value TestbedConfig#BIND_ADDRESS_KEY}). The NameNode takes a DataNode's IP, and a
 * client's locality, from the source address of its connections, so giving each embedded DataNode and client
 * its own 127.0.0.N makes writer locality and reader distance behave as on a real cluster.
 */
public final class BoundSocketFactory extends SourceBoundSocketFactory {

  public BoundSocketFactory() {}

  @Override
  protected InetAddress bindAddressFor(Configuration conf) {
    return TestbedConfig.bindAddress(conf).orElse(null);
  }
}
