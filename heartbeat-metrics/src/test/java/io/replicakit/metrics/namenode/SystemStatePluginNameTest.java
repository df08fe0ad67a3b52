/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.namenode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.common.state.SystemStates;
import org.junit.jupiter.api.Test;

/** The name read selection tells operators to list in {@code dfs.namenode.plugins} is this plugin's. */
class SystemStatePluginNameTest {

  @Test
  void theNameConsumersCheckFor_isThePlugin() {
    assertEquals(SystemStatePlugin.class.getName(), SystemStates.NAMENODE_PLUGIN);
  }
}
