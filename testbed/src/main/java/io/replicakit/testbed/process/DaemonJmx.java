/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.IOException;
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
   * Whether the bean {@code objectName} is registered now. One look, no waiting: the caller's start-up wait polls
   * it together with the daemon's liveness, so a daemon that died is reported with its log instead of a missing bean.
   *
   * @throws IOException when the agent cannot be reached (the daemon may not have opened it yet)
   */
  public boolean isRegistered(String objectName) throws IOException {
    return connection().isRegistered(name(objectName));
  }

  private static ObjectName name(String objectName) {
    try {
      return new ObjectName(objectName);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException(objectName, e);
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
