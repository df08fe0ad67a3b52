/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.daemon;

import io.replicakit.testbed.hdfs.HadoopInternals;
import java.io.IOException;
import javax.management.StandardMBean;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code dfs.namenode.plugins} entry the multi-process testbed adds to its NameNode: publishes
 * {@link NameNodeControlMBean} on the JVM's platform MBean server, which the harness reaches through the JMX agent
 * of the NameNode's process. It is how {@code killDataNode} has a NameNode in another process declare a killed node
 * dead at once, as the embedded cluster does in its own JVM. Test infrastructure: never on a production NameNode.
 */
public final class NameNodeControlPlugin extends ControlBeanPlugin {

  public static final String OBJECT_NAME = "io.replicakit.testbed:type=NameNodeControl";

  private static final Logger LOG = LoggerFactory.getLogger(NameNodeControlPlugin.class);

  public NameNodeControlPlugin() {
    super(OBJECT_NAME);
  }

  @Override
  StandardMBean bean(Object service) {
    return new StandardMBean(new Control((NameNode) service), NameNodeControlMBean.class, false);
  }

  @Override
  String withoutIt() {
    return "killDataNode will wait for heartbeat expiry";
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
