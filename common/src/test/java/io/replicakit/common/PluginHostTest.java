/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PluginHostTest {

  @Test
  void theRightHost_isReturnedAsItsType() {
    StringBuilder host = new StringBuilder();
    assertSame(host, PluginHost.require(host, StringBuilder.class, "reporter", "dfs.datanode.plugins"));
  }

  @Test
  void anotherHost_failsNamingThePlugin_theKey_andWhatStartedIt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PluginHost.require(42, StringBuilder.class, "metrics reporter", "dfs.datanode.plugins"));
    assertEquals("ReplicaKit's metrics reporter is a StringBuilder plugin (dfs.datanode.plugins); it was started"
        + " by java.lang.Integer", e.getMessage());
  }

  @Test
  void noHost_failsWithTheSameMessage() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PluginHost.require(null, StringBuilder.class, "coordinator", "dfs.namenode.plugins"));
    assertEquals("ReplicaKit's coordinator is a StringBuilder plugin (dfs.namenode.plugins); it was started by"
        + " null", e.getMessage());
  }
}
