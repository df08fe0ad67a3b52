/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.balancer.hdfs.DispatcherSettings;
import io.replicakit.common.config.ConfigReference;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BalancerConfigTest {

  @Test
  void defaults_andHdfsBalancerKeys_areRead() {
    DispatcherSettings s = DispatcherSettings.from(new Configuration(false), 10);
    assertEquals(90, s.busyMaxPct());
    assertEquals(10, s.thresholdPct());
    assertEquals(2L << 30, s.getBlocksSize(), "dfs.balancer.getBlocks.size, HDFS's default");
    assertEquals(2 * 3_000 + 3_000, s.iterationPauseMs(), "twice the heartbeat plus the redundancy interval");
  }

  @Test
  void anOutOfRangeKey_stopsTheBalancer_namingKeyAndRange() {
    Configuration conf = new Configuration(false);
    conf.set("replicakit.balancer.busy.max.pct", "120");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DispatcherSettings.from(conf, 10));
    assertTrue(e.getMessage().contains("replicakit.balancer.busy.max.pct"), e.getMessage());
  }

  @Test
  void aNonPositiveHdfsBalancerKey_isRefusedAsHdfsRefusesIt() {
    Configuration conf = new Configuration(false);
    conf.set("dfs.balancer.moverThreads", "0");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DispatcherSettings.from(conf, 10));
    assertEquals("dfs.balancer.moverThreads = 0 <= 0", e.getMessage());
  }

  /** HDFS reads these as ints; a cast of a larger value wrapped (3000000000 threads: negative, no move started). */
  @ParameterizedTest
  @ValueSource(strings = {"dfs.balancer.moverThreads", "dfs.datanode.balance.max.concurrent.moves"})
  void aCountBeyondAnInt_isRefusedNamingTheKey_notWrapped(String key) {
    Configuration conf = new Configuration(false);
    conf.set(key, "3000000000");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DispatcherSettings.from(conf, 10));
    assertEquals(key + " = 3000000000 > 2147483647", e.getMessage());
  }

  @Test
  void configurationReference_isGeneratedFromTheKeys() throws Exception {
    ConfigReference.drift(Path.of("..", "docs", "configuration.md"), BalancerConfig.KEYS)
        .ifPresent(Assertions::fail);
  }
}
