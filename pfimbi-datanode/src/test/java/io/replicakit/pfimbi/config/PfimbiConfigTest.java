/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.ValidationStatus;
import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigReference;
import io.replicakit.pfimbi.activity.ActivityMetric;
import io.replicakit.pfimbi.sched.PositionMode;
import io.replicakit.pfimbi.sched.QueueOrder;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PfimbiConfigTest {

  @Test
  void defaults_areValid_andGiveTheDocumentedSettings() {
    Configuration conf = new Configuration(false);

    ValidationStatus status = PfimbiConfig.validate(conf);
    assertTrue(status.isValid(), status.reason());
    PfimbiSettings s = PfimbiConfig.settings(conf);

    assertEquals(new ActivitySettings(ActivityMetric.MEMDISK, 100, 0.1, "oshi", true), s.activity());
    assertEquals(new FlowSettings(16, 1L << 30, 8, 3, 10_000, 10_000), s.flow());
    assertEquals(new SchedulerSettings(PositionMode.STRICT, List.of(100.0, 10.0, 1.0), QueueOrder.FIFO),
        s.scheduler());
    assertEquals(9875, s.coordination().rpcAddress().getPort());
    assertTrue(s.coordination().rpcAddress().getAddress().isAnyLocalAddress());
    assertEquals(500, s.coordination().scanIntervalMs());
    assertEquals(600_000, s.coordination().backgroundTimeoutMs());
    assertEquals(120_000, s.coordination().blockReportWaitMs());
    assertEquals("org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault",
        s.coordination().placementDelegate());
  }

  @Test
  void everyDeclaredDefault_passesValidationWhenSetExplicitly() {
    Configuration conf = new Configuration(false);
    for (ConfigKey<?> key : PfimbiConfig.KEYS.all()) {
      conf.set(key.name(), key.literalDefault().orElseThrow());
    }

    assertTrue(PfimbiConfig.validate(conf).isValid(), PfimbiConfig.validate(conf).reason());
    assertEquals(PfimbiConfig.settings(new Configuration(false)), PfimbiConfig.settings(conf));
  }

  @Test
  void keys_areDeclaredOnce_underTheModulePrefix() {
    Set<String> names = new HashSet<>();
    for (ConfigKey<?> key : PfimbiConfig.KEYS.all()) {
      assertTrue(key.name().startsWith("replicakit.pfimbi."), key.name());
      assertTrue(names.add(key.name()), "declared twice: " + key.name());
      assertFalse(key.doc().isBlank(), key.name());
    }
    assertEquals(25, names.size());
    assertEquals("user.replicakit.pfimbi", PfimbiConfig.XATTR);
  }

  @Test
  void nonDefaultValues_reachTheSettings() {
    Configuration conf = new Configuration(false);
    conf.set(PfimbiConfig.ACTIVITY_METRIC_KEY, "LATENCY");
    conf.set(PfimbiConfig.KMEANS_ALPHA_KEY, "1");
    conf.set(PfimbiConfig.BUFFER_BYTES_KEY, "2g");
    conf.set(PfimbiConfig.GUARANTEED_SHARE_KEY, "0");
    conf.set(PfimbiConfig.POSITION_MODE_KEY, "weighted");
    conf.set(PfimbiConfig.POSITION_WEIGHTS_KEY, " 4, 2 ,1.5 ");
    conf.set(PfimbiConfig.QUEUE_ORDER_KEY, "lifo");
    conf.set(PfimbiConfig.RPC_ADDRESS_KEY, "127.0.0.1:19875");

    PfimbiSettings s = PfimbiConfig.settings(conf);

    assertEquals(ActivityMetric.LATENCY, s.activity().metric());
    assertEquals(1.0, s.activity().kmeansAlpha());
    assertEquals(2L << 30, s.flow().bufferBytes());
    assertEquals(0, s.flow().guaranteedShareForegroundBlocks());
    assertEquals(new SchedulerSettings(PositionMode.WEIGHTED, List.of(4.0, 2.0, 1.5), QueueOrder.LIFO),
        s.scheduler());
    assertEquals(19875, s.coordination().rpcAddress().getPort());
    assertEquals(PositionMode.WEIGHTED, s.scheduler().newScheduler().mode());
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "replicakit.pfimbi.activity.metric | throughput | [latency, memdisk]",
      "replicakit.pfimbi.activity.interval.ms | 5 | 10..60000",
      "replicakit.pfimbi.activity.interval.ms | 60001 | 10..60000",
      "replicakit.pfimbi.activity.interval.ms | fast | 10..60000",
      "replicakit.pfimbi.kmeans.alpha | 0 | (0, 1]",
      "replicakit.pfimbi.kmeans.alpha | 1.5 | (0, 1]",
      "replicakit.pfimbi.kmeans.alpha | NaN | (0, 1]",
      "replicakit.pfimbi.kmeans.alpha | half | (0, 1]",
      "replicakit.pfimbi.buffer.blocks | 0 | 1..4096",
      "replicakit.pfimbi.buffer.blocks | 4097 | 1..4096",
      "replicakit.pfimbi.buffer.bytes | 1000 | 1048576..1099511627776",
      "replicakit.pfimbi.buffer.bytes | lots | 1048576..1099511627776",
      "replicakit.pfimbi.guaranteed.share.foreground.blocks | -1 | 0..1000000",
      "replicakit.pfimbi.wfq.position.mode | fair | [strict, weighted]",
      "replicakit.pfimbi.wfq.position.weights | 100,0,1 | numbers each in (0, 1000000]",
      "replicakit.pfimbi.wfq.position.weights | 100,,1 | numbers each in (0, 1000000]",
      "replicakit.pfimbi.wfq.position.weights | 2e6 | numbers each in (0, 1000000]",
      "replicakit.pfimbi.wfq.position.weights | 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
          + "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 | 1..31",
      "replicakit.pfimbi.queue.order | random | [fifo, lifo]",
      "replicakit.pfimbi.idle.samples | 0 | 1..1000",
      "replicakit.pfimbi.activity.dirty | maybe | true or false",
      "replicakit.pfimbi.activity.source | ' ' | counter source",
      "replicakit.pfimbi.rpc.address | nohostport:x | host:port",
      "replicakit.pfimbi.rpc.address | somehost | port in 1..65535",
      "replicakit.pfimbi.rpc.address | 0.0.0.0:0 | port in 1..65535",
      "replicakit.pfimbi.scan.interval.ms | 0 | 10..3600000",
      "replicakit.pfimbi.background.timeout.ms | 999 | 1000..604800000",
      "replicakit.pfimbi.placement.delegate | not a class | fully qualified Java class name"})
  void badValue_failsNamingTheKeyAndAllowedRange(String key, String value, String allowed) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);

    ValidationStatus status = PfimbiConfig.validate(conf);

    assertFalse(status.isValid());
    assertEquals(1, status.problems().size(), status.reason());
    assertTrue(status.reason().contains(key) && status.reason().contains(allowed), status.reason());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PfimbiConfig.settings(conf));
    assertTrue(e.getMessage().contains(key), e.getMessage());
  }

  @Test
  void timeAndSizeKeys_takeHadoopsSuffixes() {
    Configuration conf = new Configuration(false);
    conf.set(PfimbiConfig.ACTIVITY_INTERVAL_MS_KEY, "1s");
    conf.set(PfimbiConfig.BACKGROUND_TIMEOUT_MS_KEY, "10m");
    conf.set(PfimbiConfig.SCAN_INTERVAL_MS_KEY, "250ms");
    conf.set(PfimbiConfig.REPORT_WAIT_MS_KEY, "2m");
    conf.set(PfimbiConfig.BUFFER_BYTES_KEY, "512mb");
    PfimbiSettings s = PfimbiConfig.settings(conf);
    assertEquals(1_000, s.activity().intervalMs());
    assertEquals(600_000, s.coordination().backgroundTimeoutMs());
    assertEquals(250, s.coordination().scanIntervalMs());
    assertEquals(120_000, s.coordination().blockReportWaitMs());
    assertEquals(512L << 20, s.flow().bufferBytes());
  }

  @Test
  void aDurationOutOfRange_namesTheKeyTheRangeAndTheValueInMilliseconds() {
    Configuration conf = new Configuration(false);
    conf.set(PfimbiConfig.ACTIVITY_INTERVAL_MS_KEY, "2m");
    assertEquals("replicakit.pfimbi.activity.interval.ms must be in 10..60000 ms, was 2m (120000 ms)",
        PfimbiConfig.validate(conf).reason());
  }

  @Test
  void queueBoundAndAbortChoice_areValidated() {
    Configuration conf = new Configuration(false);
    conf.set(PfimbiConfig.QUEUE_MAX_KEY, "0");
    conf.set(PfimbiConfig.ABORT_ON_ERROR_KEY, "maybe");
    String reason = PfimbiConfig.validate(conf).reason();
    assertTrue(reason.contains("replicakit.pfimbi.queue.max.notices must be in 1..10000000"), reason);
    assertTrue(reason.contains("replicakit.pfimbi.abort.on.error must be true or false"), reason);
  }

  @Test
  void severalBadValues_areAllReported() {
    Configuration conf = new Configuration(false);
    conf.set(PfimbiConfig.BUFFER_BLOCKS_KEY, "0");
    conf.set(PfimbiConfig.QUEUE_ORDER_KEY, "stack");

    assertEquals(2, PfimbiConfig.validate(conf).problems().size());
  }

  @Test
  void configurationReference_isGeneratedFromTheKeys() throws Exception {
    ConfigReference.drift(java.nio.file.Path.of("..", "docs", "configuration.md"), PfimbiConfig.KEYS)
        .ifPresent(Assertions::fail);
  }
}
