/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.daemon;

import io.replicakit.testbed.hdfs.HadoopInternals;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.util.ServicePlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code dfs.namenode.plugins} entry the multi-process testbed adds to its NameNode: publishes
 * {@link NameNodeControlMBean} on the JVM's platform MBean server, which the harness reaches through the JMX agent
 * of the NameNode's process. It is how {@code killDataNode} has a NameNode in another process declare a killed node
 * dead at once, as the embedded cluster does in its own JVM. Test infrastructure: never on a production NameNode.
 */
public final class NameNodeControlPlugin implements ServicePlugin {

  public static final String OBJECT_NAME = "io.replicakit.testbed:type=NameNodeControl";

  private static final Logger LOG = LoggerFactory.getLogger(NameNodeControlPlugin.class);

  private ObjectName registered;

  @Override
  public void start(Object service) {
    NameNode nameNode = (NameNode) service;
    try {
      ObjectName name = new ObjectName(OBJECT_NAME);
      ManagementFactory.getPlatformMBeanServer().registerMBean(
          new StandardMBean(new Control(nameNode), NameNodeControlMBean.class), name);
      registered = name;
      LOG.info("Testbed NameNode control published as {}", OBJECT_NAME);
    } catch (JMException e) {
      LOG.error("Testbed NameNode control not published; killDataNode will wait for heartbeat expiry", e);
    }
  }

  @Override
  public void stop() {
    if (registered != null) {
      try {
        ManagementFactory.getPlatformMBeanServer().unregisterMBean(registered);
      } catch (JMException e) {
        LOG.debug("Testbed NameNode control already gone", e);
      }
      registered = null;
    }
  }

  @Override
  public void close() throws IOException {
    stop();
  }

  /** The bean behind {@link NameNodeControlMBean}. */
  public static final class Control implements NameNodeControlMBean {
    private final NameNode nameNode;

    Control(NameNode nameNode) {
      this.nameNode = nameNode;
    }

    @Override
    public int declareDead(String ipAddress) throws IOException {
      int declared = HadoopInternals.declareDead(nameNode, ipAddress);
      LOG.info("Testbed: declared {} DataNode(s) at {} dead", declared, ipAddress);
      return declared;
    }
  }
}
