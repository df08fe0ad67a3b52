/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.config;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.ValidationStatus;
import io.replicakit.read.policy.ReadPolicies;
import io.replicakit.read.policy.ReadSettings;
import io.replicakit.read.policy.ScoreModel;
import io.replicakit.common.config.ConfigKey;
import io.replicakit.common.config.ConfigReference;
import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.common.storage.Throughput;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReadSelectionConfigTest {

  private static Configuration conf(String... keyValues) {
    Configuration conf = new Configuration(false);
    for (int i = 0; i < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return conf;
  }

  @Test
  void defaults_areValid_andMapToTheDocumentedValues() {
    Configuration conf = conf();
    assertTrue(ReadSelectionConfig.validate(conf).isValid(), ReadSelectionConfig.validate(conf).reason());

    ReadSettings s = ReadSelectionConfig.settings(conf);

    assertEquals("network-distance", s.policy());
    assertEquals(300.0, s.storage().throughput("SSD"));
    assertEquals(60.0, s.storage().throughput("DISK"));
    assertEquals(30.0, s.storage().throughput("ARCHIVE"));
    assertEquals(1000.0, s.storage().throughput("RAM_DISK"));
    for (StorageType type : StorageType.values()) {
      assertEquals(ReadSelectionConfig.THROUGHPUT_DEFAULTS.get(type), s.storage().speeds().get(type), type.name());
      assertTrue(s.storage().throughput(type.name()) > 0, type + " has a throughput");
    }
    assertEquals(1250.0, s.storage().intraRackMbps());
    assertEquals(0.0, s.storage().interRackMbps());
    assertTrue(Double.isNaN(s.wrrWeight()), "WRR weight derived from the throughputs");
    assertEquals(80.0, s.drr().threshold("SSD"));
    assertEquals(50.0, s.drr().threshold("DISK"));
    assertEquals(1.0, s.drr().step());
    assertEquals(1.0, s.drr().minWeight());
    assertEquals(20.0, s.drr().maxWeight());
    assertEquals(3000, s.drr().intervalMs());
    assertEquals(new ScoreModel.Points(3.5, 2.8, 2.1, 1, 2, 1.5, 1, 1), s.score().points());
    assertEquals(ScoreModel.PAPER_POINTS, s.score().points());
    assertEquals(100.0, s.score().awaitReferenceMs());
    assertEquals(2785.0, s.score().ioReferenceKbps());
    assertEquals(2.5, s.combinedClassBonus());
    assertEquals(0.25, s.score().assignmentPenalty());
    assertEquals(0.5, s.score().margin());
  }

  @Test
  void setValues_reachTheSettings() {
    ReadSettings s = ReadSelectionConfig.settings(conf(
        ReadSelectionConfig.POLICY_KEY, " DRR ",
        ReadSelectionConfig.WRR_WEIGHT_KEY, "7",
        ReadSelectionConfig.INTER_RACK_KEY, "1250",
        ReadSelectionConfig.thresholdKey(StorageType.SSD), "90",
        ReadSelectionConfig.throughputKey(StorageType.SSD), "500",
        ReadSelectionConfig.DRR_INTERVAL_KEY, "1000",
        ReadSelectionConfig.scoreKey("local"), "4"));

    assertEquals("drr", s.policy());
    assertEquals(7.0, s.wrrWeight());
    assertEquals(1250.0, s.storage().interRackMbps());
    assertEquals(90.0, s.drr().threshold("SSD"));
    assertEquals(500.0, s.storage().throughput("SSD"));
    assertEquals(1000, s.drr().intervalMs());
    assertEquals(4.0, s.score().points().local());
  }

  @Test
  void unknownPolicy_failsNamingTheKeyAndTheKnownPolicies() {
    Configuration conf = conf(ReadSelectionConfig.POLICY_KEY, "foo");

    ValidationStatus status = ReadSelectionConfig.validate(conf);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadSelectionConfig.settings(conf));

    assertFalse(status.isValid());
    for (String message : new String[] {status.reason(), e.getMessage()}) {
      assertTrue(message.contains("replicakit.read.policy"), message);
      assertTrue(message.contains("'foo'"), message);
      for (String name : ReadPolicies.NAMES) {
        assertTrue(message.contains(name), name + " missing from: " + message);
      }
    }
  }

  /** {@code allowed} is a pattern of the range, which may be printed with or without decimals. */
  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "replicakit.read.wrr.weight          | 0   | > 0",
      "replicakit.read.wrr.weight          | -1  | > 0",
      "replicakit.read.wrr.weight          | x   | > 0",
      "replicakit.read.drr.threshold.pct.ssd  | -1  | 0(\\.0)?\\.\\.100(\\.0)?",
      "replicakit.read.drr.threshold.pct.disk | 101 | 0(\\.0)?\\.\\.100(\\.0)?",
      "replicakit.read.throughput.mbps.ssd | 0   | >= 0.01",
      "replicakit.read.throughput.mbps.disk | -60 | >= 0.01",
      "replicakit.read.drr.interval.ms     | 50  | 100(\\.0)?\\.\\.3600000(\\.0)?",
      "replicakit.read.drr.weight.step     | 0   | > 0",
      "replicakit.read.bandwidth.intra-rack.mbps | -1 | >= 0",
      "replicakit.read.score.points.cpu    | 101 | 0(\\.0)?\\.\\.100(\\.0)?",
      "replicakit.read.score.await.reference.ms | 0 | > 0",
      "replicakit.read.combined.class.bonus | -2 | 0(\\.0)?\\.\\.100(\\.0)?"})
  void badValue_failsNamingTheKeyAndTheAllowedRange(String key, String value, String allowed) {
    Configuration conf = conf(key, value);

    ValidationStatus status = ReadSelectionConfig.validate(conf);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadSelectionConfig.settings(conf));

    assertFalse(status.isValid());
    assertEquals(1, status.problems().size(), status.reason());
    assertTrue(Pattern.compile(Pattern.quote(key) + ".*" + allowed).matcher(status.reason()).find(),
        status.reason());
    assertTrue(status.reason().contains(value), "the bad value is shown: " + status.reason());
    assertTrue(e.getMessage().contains(key), e.getMessage());
  }

  @Test
  void maxWeightBelowMinWeight_failsNamingTheMaxKeyAndTheMin() {
    Configuration conf = conf(ReadSelectionConfig.DRR_MIN_KEY, "5", ReadSelectionConfig.DRR_MAX_KEY, "3");

    ValidationStatus status = ReadSelectionConfig.validate(conf);

    assertFalse(status.isValid());
    assertEquals(1, status.problems().size(), status.reason());
    assertTrue(Pattern.compile(Pattern.quote(ReadSelectionConfig.DRR_MAX_KEY) + ".*>= 5")
        .matcher(status.reason()).find(), status.reason());
    assertThrows(IllegalArgumentException.class, () -> ReadSelectionConfig.settings(conf));
  }

  /**
   * {@code combined} by volume leaves out every replica whose node has fewer points for load from elsewhere than the
   * best one's less the margin. Free-memory points are continuous, so with margin 0 only one node's replicas are
   * usually kept, and every block with a replica there goes to it until its next sample (three quiet nodes with
   * 50.0, 50.1 and 50.2 % free memory: 30 blocks of 30). Until session 52 the NameNode started with it; now it
   * refuses, naming the key and the range. Where 0 turns the draw off ({@code system-state}, {@code combined} by
   * class) and where the margin is not read ({@code drr}), 0 stays allowed.
   */
  @Test
  void marginZero_isRefusedForCombinedByVolume_andAllowedWhereItTurnsTheDrawOff() {
    Configuration conf = conf(ReadSelectionConfig.POLICY_KEY, "Combined", ReadSelectionConfig.MARGIN_KEY, "0");

    ValidationStatus status = ReadSelectionConfig.validate(conf);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadSelectionConfig.settings(conf));

    assertEquals(1, status.problems().size(), status.reason());
    for (String message : new String[] {status.reason(), e.getMessage()}) {
      assertTrue(Pattern.compile(Pattern.quote(ReadSelectionConfig.MARGIN_KEY) + " must be in \\(0, 10(\\.0)?\\]")
          .matcher(message).find(), message);
      assertTrue(message.contains(ReadSelectionConfig.DRR_BALANCE_KEY + "=volume"), message);
    }
    assertDoesNotThrow(() -> ReadSelectionConfig.settings(conf(ReadSelectionConfig.POLICY_KEY, "combined",
        ReadSelectionConfig.MARGIN_KEY, "0.01")));
    for (String[] allowed : new String[][] {{"system-state", "volume"}, {"combined", "class"}, {"drr", "volume"}}) {
      Configuration other = conf(ReadSelectionConfig.POLICY_KEY, allowed[0], ReadSelectionConfig.DRR_BALANCE_KEY,
          allowed[1], ReadSelectionConfig.MARGIN_KEY, "0");
      assertTrue(ReadSelectionConfig.validate(other).isValid(), ReadSelectionConfig.validate(other).reason());
      assertEquals(0.0, ReadSelectionConfig.settings(other).score().margin());
    }
  }

  @Test
  void everyProblem_isListed_notJustTheFirst() {
    ValidationStatus status = ReadSelectionConfig.validate(conf(ReadSelectionConfig.POLICY_KEY, "foo",
        ReadSelectionConfig.WRR_WEIGHT_KEY, "0", ReadSelectionConfig.DRR_INTERVAL_KEY, "50"));

    assertEquals(3, status.problems().size(), status.reason());
  }

  /**
   * The DRR interval is validated as any number but read with {@code Configuration.getLong}: a value that
   * validation accepts must also give settings, or else validation must reject it naming the key.
   */
  @Test
  void aFractionalInterval_isEitherRejectedNamingTheKey_orAccepted() {
    Configuration conf = conf(ReadSelectionConfig.DRR_INTERVAL_KEY, "1500.5");

    ValidationStatus status = ReadSelectionConfig.validate(conf);

    if (status.isValid()) {
      assertDoesNotThrow(() -> ReadSelectionConfig.settings(conf), "validate accepted it");
    } else {
      assertTrue(status.reason().contains(ReadSelectionConfig.DRR_INTERVAL_KEY), status.reason());
    }
  }

  @Test
  void theDrrInterval_takesHadoopsDurationSuffixes() {
    assertEquals(5_000, ReadSelectionConfig.settings(conf(ReadSelectionConfig.DRR_INTERVAL_KEY, "5s")).drr()
        .intervalMs());
    ValidationStatus status = ReadSelectionConfig.validate(conf(ReadSelectionConfig.DRR_INTERVAL_KEY, "2h"));
    assertEquals("replicakit.read.drr.interval.ms must be in 100..3600000 ms, was 2h (7200000 ms)",
        status.reason());
  }

  @Test
  void keys_areUniqueAndPrefixed_andCoverEveryStorageType() {
    Set<String> names = new HashSet<>();
    for (ConfigKey<?> key : ReadSelectionConfig.KEYS.all()) {
      assertTrue(names.add(key.name()), "duplicate " + key.name());
      assertTrue(key.name().startsWith(ReadSelectionConfig.PREFIX), key.name());
    }
    for (StorageType type : StorageType.values()) {
      assertTrue(names.contains(ReadSelectionConfig.throughputKey(type)), type.toString());
      assertTrue(names.contains(ReadSelectionConfig.thresholdKey(type)), type.toString());
    }
  }

  @Test
  void throughputSettings_giveTheModelTheSameRates_inMegabytesPerSecond() {
    StorageSpeeds mib = ReadSelectionConfig.THROUGHPUT_DEFAULTS.with(Map.of(StorageType.SSD, Throughput.mibPerSec(40),
        StorageType.DISK, Throughput.mibPerSec(8)));
    Map<String, String> settings = ReadSelectionConfig.throughputSettings(mib);
    assertEquals("41.94304", settings.get(ReadSelectionConfig.throughputKey(StorageType.SSD)));
    Configuration conf = conf();
    settings.forEach(conf::set);
    assertEquals(mib, ReadSelectionConfig.settings(conf).storage().speeds());
  }

  @Test
  void configurationReference_isGeneratedFromTheKeys() throws Exception {
    ConfigReference.drift(Path.of("..", "docs", "configuration.md"), ReadSelectionConfig.KEYS)
        .ifPresent(Assertions::fail);
  }
}
