/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.daemon;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import javax.management.JMException;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.apache.hadoop.util.ServicePlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the multi-process testbed's daemon plugins share: each publishes one control bean on its daemon's platform
 * MBean server, where the harness in another JVM reaches it through the process's JMX agent, and takes it back when
 * the daemon stops. A bean that cannot be published is logged, never thrown: the daemon runs on, and the harness,
 * which waits for the bean, reports it missing.
 */
abstract class ControlBeanPlugin implements ServicePlugin {

  private static final Logger LOG = LoggerFactory.getLogger(ControlBeanPlugin.class);

  private final String objectName;
  private ObjectName registered;

  /** @param objectName the name the harness looks the bean up by */
  ControlBeanPlugin(String objectName) {
    this.objectName = objectName;
  }

  /**
   * The bean for the daemon HDFS starts this plugin with.
   *
   * @param service the {@code NameNode} or {@code DataNode}
   */
  abstract StandardMBean bean(Object service);

  /** What the harness cannot do when the bean is missing, for the log. */
  abstract String withoutIt();

  @Override
  public final void start(Object service) {
    try {
      ObjectName name = new ObjectName(objectName);
      ManagementFactory.getPlatformMBeanServer().registerMBean(bean(service), name);
      registered = name;
      LOG.info("Testbed control published as {}", objectName);
    } catch (JMException | RuntimeException e) {
      LOG.error("Testbed control {} not published; {}", objectName, withoutIt(), e);
    }
  }

  @Override
  public final void stop() {
    if (registered != null) {
      try {
        ManagementFactory.getPlatformMBeanServer().unregisterMBean(registered);
      } catch (JMException e) {
        LOG.debug("Testbed control {} already gone", objectName, e);
      }
      registered = null;
    }
  }

  @Override
  public final void close() throws IOException {
    stop();
  }
}
