/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.config.ConfigReference;
import io.replicakit.placement.policy.BalancedBlockPlacementPolicy;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ReflectionUtils;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

class PlacementConfigTest {

  @Test
  void defaults_areValid() {
    PlacementConfig.Balanced b = PlacementConfig.balanced(new Configuration(false));
    assertEquals(RackRule.TWO_RACKS, b.rackRule());
    assertEquals(4, b.candidates());
    assertEquals(0.5, b.writerRackTolerancePct());
    assertEquals(128L << 20, b.blockBytes());
    assertEquals(4.0, PlacementConfig.stateAware(new Configuration(false)).weights().disk());
  }

  @Test
  void setValues_reachTheSettings() {
    Configuration conf = new Configuration(false);
    conf.set("replicakit.placement.rack-rule", " Spread ");
    conf.set("replicakit.placement.state-aware.candidates", "4");
    conf.set("dfs.blocksize", "64m");
    assertEquals(RackRule.SPREAD, PlacementConfig.stateAware(conf).rackRule());
    assertEquals(4, PlacementConfig.stateAware(conf).candidates());
    assertEquals(64L << 20, PlacementConfig.balanced(conf).blockBytes());
  }

  @Test
  void invalidValues_areAllReported_namingKeyAndRange() {
    Configuration conf = new Configuration(false);
    conf.set("replicakit.placement.rack-rule", "three-racks");
    conf.set("replicakit.placement.balanced.candidates", "0");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PlacementConfig.balanced(conf));
    assertTrue(e.getMessage().contains("replicakit.placement.rack-rule must be one of [two-racks, spread]"),
        e.getMessage());
    assertTrue(e.getMessage().contains("replicakit.placement.balanced.candidates") && e.getMessage().contains("1..16"),
        e.getMessage());
  }

  @Test
  void invalidValue_stopsThePolicyBeforeItIsUsed() {
    Configuration conf = new Configuration(false);
    conf.set("replicakit.placement.balanced.writer-rack.tolerance.pct", "-1");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReflectionUtils.newInstance(BalancedBlockPlacementPolicy.class, conf));
    assertTrue(e.getMessage().contains("replicakit.placement.balanced.writer-rack.tolerance.pct"), e.getMessage());
  }

  @Test
  void configurationReference_isGeneratedFromTheKeys() throws Exception {
    ConfigReference.drift(Path.of("..", "docs", "configuration.md"), PlacementConfig.KEYS)
        .ifPresent(Assertions::fail);
  }
}
