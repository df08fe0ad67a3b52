/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXConnectorServerFactory;
import javax.management.remote.JMXServiceURL;

/**
 * This test JVM's platform MBean server behind a JMX agent at the URL a daemon's agent has
 * ({@code service:jmx:rmi:///jndi/rmi://127.0.0.1:PORT/jmxrmi}), so a {@link DaemonJmx} can connect to it as to a
 * daemon's.
 */
public final class JmxAgent implements AutoCloseable {

  private final int port;
  private final Registry registry;
  private final JMXConnectorServer server;

  private JmxAgent(int port, Registry registry, JMXConnectorServer server) {
    this.port = port;
    this.registry = registry;
    this.server = server;
  }

  public static JmxAgent start() throws IOException {
    // The stub the registry hands out must name the loopback address the test connects to.
    System.setProperty("java.rmi.server.hostname", "127.0.0.1");
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    Registry registry = LocateRegistry.createRegistry(port);
    JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
    JMXConnectorServer server = JMXConnectorServerFactory.newJMXConnectorServer(url, null,
        ManagementFactory.getPlatformMBeanServer());
    server.start();
    return new JmxAgent(port, registry, server);
  }

  public int port() {
    return port;
  }

  @Override
  public void close() throws IOException {
    server.stop();
    UnicastRemoteObject.unexportObject(registry, true);
  }
}
