/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.daemon;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A daemon plugin's control bean: published while the daemon runs, taken back when it stops, never a failed start. */
class ControlBeanPluginTest {

  private static final String NAME = "io.replicakit.testbed:type=ControlBeanPluginTest";
  private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

  /** The bean's interface: one attribute, the daemon the plugin was started with. */
  public interface ProbeMBean {
    String getService();
  }

  /** A plugin publishing a {@link ProbeMBean}, or failing to build it when started with {@code null}. */
  static final class ProbePlugin extends ControlBeanPlugin {
    ProbePlugin() {
      super(NAME);
    }

    @Override
    StandardMBean bean(Object service) {
      String name = service.toString(); // a NullPointerException for no service: a bean that cannot be built
      return new StandardMBean((ProbeMBean) () -> name, ProbeMBean.class, false);
    }

    @Override
    String withoutIt() {
      return "the test cannot read it";
    }
  }

  @AfterEach
  void unregister() throws Exception {
    ObjectName name = new ObjectName(NAME);
    if (server.isRegistered(name)) {
      server.unregisterMBean(name);
    }
  }

  @Test
  void start_publishesTheDaemonsBean_andStopTakesItBack() throws Exception {
    ProbePlugin plugin = new ProbePlugin();
    plugin.start("namenode-1");
    assertEquals("namenode-1", server.getAttribute(new ObjectName(NAME), "Service"));
    plugin.stop();
    assertFalse(server.isRegistered(new ObjectName(NAME)));
    assertDoesNotThrow(plugin::close, "a second stop finds nothing to take back");
  }

  @Test
  void aBeanThatCannotBeBuilt_isLogged_andTheDaemonStartsOn() throws Exception {
    ProbePlugin plugin = new ProbePlugin();
    assertDoesNotThrow(() -> plugin.start(null));
    assertFalse(server.isRegistered(new ObjectName(NAME)));
    assertDoesNotThrow(plugin::stop);
  }

  @Test
  void aNameAlreadyTaken_isLogged_andTheOtherBeanIsLeftAlone() throws Exception {
    ProbePlugin first = new ProbePlugin();
    first.start("first");
    ProbePlugin second = new ProbePlugin();
    assertDoesNotThrow(() -> second.start("second"));
    second.stop();
    assertTrue(server.isRegistered(new ObjectName(NAME)), "the second plugin published nothing to take back");
    assertEquals("first", server.getAttribute(new ObjectName(NAME), "Service"));
    first.stop();
  }
}
