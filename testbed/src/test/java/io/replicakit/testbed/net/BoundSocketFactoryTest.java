/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.replicakit.testbed.TestbedConfig;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class BoundSocketFactoryTest {

  private static BoundSocketFactory factory(String address) {
    Configuration conf = new Configuration(false);
    conf.set(TestbedConfig.BIND_ADDRESS_KEY, address);
    BoundSocketFactory f = new BoundSocketFactory();
    f.setConf(conf);
    return f;
  }

  @Test
  void sockets_originateFromTheConfiguredAddress() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
         Socket socket = factory("127.0.0.42").createSocket()) {
      socket.connect(new InetSocketAddress("127.0.0.1", server.getLocalPort()));
      try (Socket accepted = server.accept()) {
        assertEquals("127.0.0.42", accepted.getInetAddress().getHostAddress());
      }
    }
  }

  @Test
  void aLocalAddressGivenByTheCaller_isUsedInsteadOfTheFactorys() throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"));
         Socket socket = factory("127.0.0.42").createSocket(InetAddress.getByName("127.0.0.1"),
             server.getLocalPort(), InetAddress.getByName("127.0.0.43"), 0)) {
      try (Socket accepted = server.accept()) {
        assertEquals("127.0.0.43", accepted.getInetAddress().getHostAddress());
      }
    }
  }

  @Test
  void factories_areEqualExactlyWhenTheyBindTheSameAddress() {
    assertEquals(factory("127.0.0.11"), factory("127.0.0.11"));
    assertEquals(factory("127.0.0.11").hashCode(), factory("127.0.0.11").hashCode());
    assertNotEquals(factory("127.0.0.11"), factory("127.0.0.12"));
  }

  @Test
  void factoriesOfAnotherClass_areNotEqual_evenOnTheSameAddress() throws Exception {
    InetAddress address = InetAddress.getByName("127.0.0.11");
    SourceBoundSocketFactory other = new SourceBoundSocketFactory() {
      @Override
      protected InetAddress bindAddressFor(Configuration conf) {
        return address;
      }
    };
    other.setConf(new Configuration(false));
    assertEquals(address, other.bindAddress());
    assertEquals(address, factory("127.0.0.11").bindAddress());
    assertNotEquals(factory("127.0.0.11"), other);
    assertNotEquals(other, factory("127.0.0.11"));
  }

  @Test
  void badAddress_failsNamingTheKey() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> factory("not an address!"));
    assertEquals(true, e.getMessage().contains(TestbedConfig.BIND_ADDRESS_KEY));
  }
}
