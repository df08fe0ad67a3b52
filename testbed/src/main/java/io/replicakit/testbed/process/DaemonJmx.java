/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.IOException;
import java.time.Duration;
import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * A connection to the JMX agent of one daemon process (on the daemon's own address), opened on first use. The
 * harness reads the daemon's beans through it (Hadoop's metrics2 sources, HDFS's own beans) and drives the
 * testbed's control beans. A restarted daemon gets a new {@code DaemonJmx}.
 */
public final class DaemonJmx implements AutoCloseable {

  private final String address;
  private final int port;
  private JMXConnector connector;

  public DaemonJmx(String address, int port) {
    this.address = address;
    this.port = port;
  }

  /** The daemon's MBean server; connects (or reconnects after a failure) on demand. */
  public synchronized MBeanServerConnection connection() throws IOException {
    if (connector != null) {
      try {
        connector.getConnectionId();
        return connector.getMBeanServerConnection();
      } catch (IOException e) {
        close();
      }
    }
    JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://" + address + ":" + port + "/jmxrmi");
    connector = JMXConnectorFactory.connect(url);
    return connector.getMBeanServerConnection();
  }

  /** A proxy of the bean {@code objectName} with interface {@code type}. */
  public <T> T proxy(String objectName, Class<T> type) throws IOException {
    return JMX.newMBeanProxy(connection(), name(objectName), type);
  }

  /**
   * Waits until the bean {@code objectName} is registered (a plugin publishes it during start-up).
   *
   * @throws IOException when it is still missing after {@code timeout}
   */
  public void awaitBean(String objectName, Duration timeout) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    IOException last = null;
    while (System.nanoTime() < deadline) {
      try {
        if (connection().isRegistered(name(objectName))) {
          return;
        }
      } catch (IOException e) {
        last = e;
      }
      sleep();
    }
    throw new IOException("JMX bean " + objectName + " did not appear at " + address + ":" + port + " within "
        + timeout.toSeconds() + " s", last);
  }

  private static ObjectName name(String objectName) {
    try {
      return new ObjectName(objectName);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException(objectName, e);
    }
  }

  private static void sleep() throws IOException {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  @Override
  public synchronized void close() {
    if (connector != null) {
      try {
        connector.close();
      } catch (IOException e) {
        // the daemon is gone; nothing to release
      }
      connector = null;
    }
  }
}
