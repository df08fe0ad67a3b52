/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.BindException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ExitUtil;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class PluginStartupTest {

  private static final Logger LOG = LoggerFactory.getLogger(PluginStartupTest.class);

  @BeforeAll
  static void noSystemExit() {
    ExitUtil.disableSystemExit();
  }

  @Test
  void byDefaultTheDaemonKeepsRunningAndTheFailureIsCounted() {
    ExitUtil.resetFirstExitException();
    long before = PluginStartup.failures("KeepUp");
    PluginStartup.failed("KeepUp", "example.x.abort.on.error", false, LOG, "cannot start",
        new BindException("Address already in use"));
    assertEquals(before + 1, PluginStartup.failures("KeepUp"));
    assertFalse(ExitUtil.terminateCalled());
  }

  @Test
  void abortStopsTheDaemonWithTheCause() {
    ExitUtil.ExitException exit = assertThrows(ExitUtil.ExitException.class, () -> PluginStartup.failed("Abort",
        "example.x.abort.on.error", true, LOG, "cannot start", new BindException("Address already in use")));
    assertTrue(exit.getMessage().contains("cannot start: Address already in use"), exit.getMessage());
    assertEquals(1, PluginStartup.failures("Abort"));
    ExitUtil.resetFirstExitException();
  }

  @Test
  void abortOnErrorIsFalseUnlessSetToTrue() {
    Configuration conf = new Configuration(false);
    assertFalse(PluginStartup.abortOnError(conf, "k"));
    conf.set("k", " TRUE ");
    assertTrue(PluginStartup.abortOnError(conf, "k"));
    conf.set("k", "yes");
    assertFalse(PluginStartup.abortOnError(conf, "k"));
  }
}
