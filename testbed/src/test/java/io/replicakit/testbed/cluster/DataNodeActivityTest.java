/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class DataNodeActivityTest {

  /** A DataNode's activity bean, as far as this test needs it. */
  public interface ActivityMBean {
    long getBlocksReplicated();
  }

  /** One DataNode's counter. */
  public record Activity(long blocksReplicated) implements ActivityMBean {
    @Override
    public long getBlocksReplicated() {
      return blocksReplicated;
    }
  }

  @Test
  void sum_addsTheCounterOfEveryDataNodesActivityBean_andNothingElse() throws Exception {
    MBeanServer beans = MBeanServerFactory.newMBeanServer();
    beans.registerMBean(new Activity(3), new ObjectName("Hadoop:service=DataNode,name=DataNodeActivity-h1-9866"));
    beans.registerMBean(new Activity(4), new ObjectName("Hadoop:service=DataNode,name=DataNodeActivity-h2-9866"));
    beans.registerMBean(new Activity(100), new ObjectName("Hadoop:service=NameNode,name=DataNodeActivity-x"));
    assertEquals(7, DataNodeActivity.sum(beans, "BlocksReplicated"));
  }

  @Test
  void sum_withoutAnyDataNodeBean_fails_ratherThanReadingZero() {
    IOException e = assertThrows(IOException.class,
        () -> DataNodeActivity.sum(MBeanServerFactory.newMBeanServer(), "BlocksReplicated"));
    assertTrue(e.getMessage().contains("no DataNode metrics bean"), e.getMessage());
  }
}
