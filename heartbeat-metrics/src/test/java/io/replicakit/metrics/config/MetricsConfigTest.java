/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.ValidationStatus;
import io.replicakit.common.config.ConfigReference;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

class MetricsConfigTest {

  @Test
  void defaults_areValid_andIntervalFollowsTheHeartbeat() {
    Configuration conf = new Configuration(false);
    conf.set("dfs.heartbeat.interval", "7");
    assertTrue(MetricsConfig.validate(conf).isValid(), MetricsConfig.validate(conf).reason());
    ReporterSettings reporter = MetricsConfig.reporterSettings(conf);
    assertEquals(7000, reporter.intervalMs());
    assertEquals(9873, reporter.serverPort());
    assertEquals("", reporter.serverHost(), "a wildcard bind host means: each NameNode's own host");
    assertEquals(3, MetricsConfig.registrySettings(conf).staleIntervals());
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource({
      "replicakit.metrics.interval.ms, 50, 100..3600000",
      "replicakit.metrics.interval.ms, soon, a duration in 100..3600000 ms",
      "replicakit.metrics.server.handlers, 0, 1..64",
      "replicakit.metrics.stale.intervals, 0, 1..1000",
      "replicakit.metrics.message.max.bytes, 100, 1024..16777216",
      "replicakit.metrics.rpc.timeout.ms, 0, 100..600000",
      "replicakit.metrics.reconnect.backoff.max.ms, 10, 3000..3600000",
      "replicakit.metrics.server.address, nohostport:x, host:port",
      "replicakit.metrics.host.source, iostat, 'one of [oshi'",
      "replicakit.metrics.volume.source, sar, 'one of [oshi'"})
  void badValue_failsNamingTheKeyAndAllowedRange(String key, String value, String allowed) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);
    ValidationStatus status = MetricsConfig.validate(conf);
    assertFalse(status.isValid());
    assertTrue(status.reason().contains(key) && status.reason().contains(allowed), status.reason());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MetricsConfig.registrySettings(conf));
    assertTrue(e.getMessage().contains(key), e.getMessage());
  }

  @Test
  void dataNode_needsARealPort() {
    Configuration conf = new Configuration(false);
    conf.set(MetricsConfig.SERVER_ADDRESS_KEY, "nn1.example.com:0");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> MetricsConfig.reporterSettings(conf));
    assertTrue(e.getMessage().contains(MetricsConfig.SERVER_ADDRESS_KEY + " must name the NameNode plugin's port"));
  }

  @Test
  void fixedServerHost_isUsedAsGiven() {
    Configuration conf = new Configuration(false);
    conf.set(MetricsConfig.SERVER_ADDRESS_KEY, "metrics.example.com:9999");
    ReporterSettings reporter = MetricsConfig.reporterSettings(conf);
    assertEquals("metrics.example.com", reporter.serverHost());
    assertEquals(9999, reporter.serverPort());
  }

  @Test
  void configurationReference_isGeneratedFromTheKeys() throws Exception {
    ConfigReference.drift(Path.of("..", "docs", "configuration.md"), MetricsConfig.KEYS)
        .ifPresent(Assertions::fail);
  }

  @Test
  void timeAndSizeKeys_takeHadoopsSuffixes_andKeepTheirRanges() {
    Configuration conf = new Configuration(false);
    conf.set(MetricsConfig.INTERVAL_MS_KEY, "2s");
    conf.set(MetricsConfig.RPC_TIMEOUT_MS_KEY, "10s");
    conf.set(MetricsConfig.BACKOFF_MAX_MS_KEY, "1m");
    conf.set(MetricsConfig.MESSAGE_MAX_BYTES_KEY, "128k");
    ReporterSettings reporter = MetricsConfig.reporterSettings(conf);
    assertEquals(2_000, reporter.intervalMs());
    assertEquals(10_000, reporter.rpcTimeoutMs());
    assertEquals(60_000, reporter.maxBackoffMs());
    assertEquals(128 * 1024, reporter.maxMessageBytes());
    conf.set(MetricsConfig.RPC_TIMEOUT_MS_KEY, "1h");
    assertEquals("replicakit.metrics.rpc.timeout.ms must be in 100..600000 ms, was 1h (3600000 ms)",
        MetricsConfig.validate(conf).reason());
  }

  @Test
  void abortOnError_mustBeABoolean() {
    Configuration conf = new Configuration(false);
    conf.set(MetricsConfig.ABORT_ON_ERROR_KEY, "sometimes");
    assertEquals("replicakit.metrics.abort.on.error must be true or false, was 'sometimes'",
        MetricsConfig.validate(conf).reason());
  }
}
