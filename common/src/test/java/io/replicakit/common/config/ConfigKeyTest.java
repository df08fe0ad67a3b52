/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.storage.Throughput;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ConfigKeyTest {

  private enum Order { FIFO, LIFO }

  private static Configuration conf(String... keyValues) {
    Configuration conf = new Configuration(false);
    for (int i = 0; i < keyValues.length; i += 2) {
      conf.set(keyValues[i], keyValues[i + 1]);
    }
    return conf;
  }

  private static String problem(ConfigKey<?> key, String value) {
    return key.problem(conf(key.name(), value)).orElse("(none)");
  }

  @Test
  void durations_takeHadoopsSuffixesAndPlainMilliseconds() {
    ConfigKey<Long> k = ConfigKey.durationMs("k", 7, 1, 600_000);
    assertEquals(3_000, k.get(conf("k", "3s")));
    assertEquals(250, k.get(conf("k", "250")));
    assertEquals(120_000, k.get(conf("k", " 2m ")));
    assertEquals(7, k.get(conf()));
    assertEquals(7, k.get(conf("k", "")), "empty is unset for numbers");
    assertEquals("ms", k.unit());
  }

  @Test
  void aBadOrOutOfRangeDuration_namesTheKeyAndTheRange() {
    ConfigKey<Long> k = ConfigKey.durationMs("my.key", 100, 10, 60_000);
    assertTrue(problem(k, "fast").startsWith("my.key must be a duration in 10..60000 ms (milliseconds, or a number "
        + "with a unit ns, us, ms, s, m, h, d), was 'fast'"), problem(k, "fast"));
    assertEquals("my.key must be in 10..60000 ms, was 2h (7200000 ms)", problem(k, "2h"));
    assertEquals("my.key must be in 10..60000 ms, was -5", problem(k, "-5"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> k.get(conf("my.key", "2h")));
    assertEquals("my.key must be in 10..60000 ms, was 2h (7200000 ms)", e.getMessage());
  }

  /** Hadoop truncates a finer suffix (999us in ms is 0, with an INFO line only): such a value is refused. */
  @Test
  void aDurationThatIsNoWholeNumberOfTheKeysUnit_isRefused() {
    ConfigKey<Long> k = ConfigKey.durationMs("w", 10_000, 0, 600_000);
    assertTrue(problem(k, "999us").startsWith("w must be a duration in 0..600000 ms"), problem(k, "999us"));
    assertTrue(problem(k, "1500us").contains("was '1500us'"), problem(k, "1500us"));
    assertEquals(2, k.get(conf("w", "2000us")));
    assertEquals(5, k.get(conf("w", "5")));
  }

  @Test
  void sizes_takeBinaryPrefixesAndStorageUnits() {
    ConfigKey<Long> k = ConfigKey.bytes("k", 0, 0, 1L << 40);
    assertEquals(64L << 20, k.get(conf("k", "64m")));
    assertEquals(64L << 20, k.get(conf("k", "64MB")));
    assertEquals(1L << 30, k.get(conf("k", "1g")));
    assertEquals(4096, k.get(conf("k", "4096")));
  }

  @Test
  void aBadOrOutOfRangeSize_namesTheKeyAndTheRange() {
    ConfigKey<Long> k = ConfigKey.bytes("s", 1024, 1024, 2048);
    assertTrue(problem(k, "lots").startsWith("s must be a size in 1024..2048 bytes"), problem(k, "lots"));
    assertEquals("s must be in 1024..2048 bytes, was 1m (1048576 bytes)", problem(k, "1m"));
    ConfigKey<Long> open = ConfigKey.bytes("o", 0, 0, Long.MAX_VALUE);
    assertEquals("o must be >= 0 bytes, was -1", problem(open, "-1"));
    for (String past : new String[] {"8e", "8eb", "7.99999999999999999eb"}) {
      assertTrue(problem(open, past).startsWith("o must be a size >= 0 bytes"), past + ": " + problem(open, past));
    }
    assertEquals(7L << 60, open.get(conf("o", "7e")));
    assertEquals(">= 0 bytes", open.allowed());
  }

  @Test
  void wholeNumbers_sayTheRangeForBadAndOutOfRangeValues() {
    ConfigKey<Long> k = ConfigKey.whole("n", 4, 1, 64);
    assertEquals("n must be a whole number in 1..64, was 'x'", problem(k, "x"));
    assertEquals("n must be in 1..64, was 0", problem(k, "0"));
    assertEquals(64, k.get(conf("n", "64")));
    assertEquals("1..64", k.allowed());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "x    | n must be a number in 0..100, was 'x'",
      "101  | n must be a number in 0..100, was 101",
      "-1   | n must be a number in 0..100, was -1",
      "NaN  | n must be a number in 0..100, was NaN",
      "0.5d | n must be a number in 0..100, was '0.5d'",
      "5f   | n must be a number in 0..100, was '5f'",
      "0x1p-1 | n must be a number in 0..100, was '0x1p-1'"})
  void numbersInARange_rejectEverythingOutside(String value, String message) {
    assertEquals(message, problem(ConfigKey.number("n", 50, 0, 100), value));
  }

  @Test
  void positiveAtLeastAndFraction_sayTheirBounds() {
    assertEquals("p must be a number > 0, was 0", problem(ConfigKey.positive("p", 1), "0"));
    assertEquals("p must be a number > 0, was Infinity", problem(ConfigKey.positive("p", 1), "Infinity"));
    assertEquals("a must be a number >= 0, was -1", problem(ConfigKey.atLeast("a", 0, 0), "-1"));
    assertEquals("f must be a number in (0, 1], was 'half'", problem(ConfigKey.fraction("f", 0.1), "half"));
    assertEquals("f must be a number in (0, 1], was 0", problem(ConfigKey.fraction("f", 0.1), "0"));
    assertEquals(1.0, ConfigKey.fraction("f", 0.1).get(conf("f", "1")));
  }

  @Test
  void aKeyWithoutDefault_isNullWhenUnsetOrEmpty() {
    ConfigKey<Double> k = ConfigKey.positive("w", Double.NaN);
    assertNull(k.get(conf()));
    assertNull(k.get(conf("w", "")));
    assertEquals(Optional.empty(), k.literalDefault());
    assertEquals(7.0, k.get(conf("w", "7")));
  }

  @Test
  void aBoundFollowingAnotherKey_usesItsValue_orItsDefaultWhenThatIsInvalid() {
    ConfigKey<Long> interval = ConfigKey.durationMs("interval", 3_000, 100, 3_600_000);
    ConfigKey<Long> backoff = ConfigKey.durationMs("backoff", 60_000, 100, 3_600_000).atLeast(interval);
    assertEquals("backoff must be in 3000..3600000 ms, was 10", problem(backoff, "10"));
    assertEquals("backoff must be in 5000..3600000 ms, was 4000",
        backoff.problem(conf("interval", "5s", "backoff", "4000")).orElseThrow());
    assertEquals("backoff must be in 3000..3600000 ms, was 10",
        backoff.problem(conf("interval", "soon", "backoff", "10")).orElseThrow());
    ConfigKey<Double> min = ConfigKey.positive("min", 1);
    ConfigKey<Double> max = ConfigKey.positive("max", 20).atLeast(min);
    assertEquals("max must be a number >= 5, was 3", max.problem(conf("min", "5", "max", "3")).orElseThrow());
    assertEquals("> 0, and at least `min`", max.allowed());
    ConfigKey<Double> zeroFloor = ConfigKey.positive("z", 20).atLeast(ConfigKey.atLeast("zmin", 0, 0));
    assertEquals("z must be a number > 0, was 0", zeroFloor.problem(conf("zmin", "0", "z", "0")).orElseThrow(),
        "a floor equal to an excluded minimum keeps it excluded");
    assertThrows(IllegalArgumentException.class, () -> ConfigKey.positive("m", 1)
        .atLeast(ConfigKey.positive("w", Double.NaN)), "a bound needs a value when the other key is unset");
    assertThrows(UnsupportedOperationException.class, () -> ConfigKey.bool("b", true)
        .atLeast(ConfigKey.bool("c", false)));
  }

  @Test
  void aDefaultFollowingAnotherSetting_isComputedAndChecked() {
    ConfigKey<Long> k = ConfigKey.durationMs("interval", 0, 100, 3_600_000)
        .defaultFrom(c -> c.getTimeDuration("heartbeat", 3, TimeUnit.SECONDS, TimeUnit.MILLISECONDS), "heartbeat");
    assertEquals(3_000, k.get(conf()));
    assertEquals(7_000, k.get(conf("heartbeat", "7")));
    assertEquals(2_000, k.get(conf("heartbeat", "7", "interval", "2s")));
    assertEquals(Optional.empty(), k.literalDefault());
    assertEquals(Optional.of("heartbeat"), k.defaultInWords());
  }

  @Test
  void booleans_areTrueOrFalse_andEmptyIsAProblem() {
    ConfigKey<Boolean> k = ConfigKey.bool("b", false);
    assertTrue(k.get(conf("b", "TRUE")));
    assertFalse(k.get(conf()));
    assertEquals("b must be true or false, was 'sometimes'", problem(k, "sometimes"));
    assertEquals("b must be true or false, was ''", problem(k, " "));
  }

  @Test
  void choices_areEnumConstantsByLowerCaseName() {
    ConfigKey<Order> k = ConfigKey.choice("o", Order.FIFO);
    assertEquals(Order.LIFO, k.get(conf("o", "LiFo")));
    assertEquals(Optional.of("fifo"), k.literalDefault());
    assertEquals("o must be one of [fifo, lifo], was 'stack'", problem(k, "stack"));
  }

  @Test
  void addresses_needHostAndAPortInRange() {
    ConfigKey<InetSocketAddress> k = ConfigKey.address("a", "0.0.0.0:9875", 1);
    assertEquals(9875, k.get(conf()).getPort());
    assertTrue(k.get(conf()).getAddress().isAnyLocalAddress());
    assertEquals(Optional.of("0.0.0.0:9875"), k.literalDefault());
    for (String bad : List.of("nohostport:x", "somehost", "0.0.0.0:0", "")) {
      assertEquals("a must be host:port with a port in 1..65535, was '" + bad + "'", problem(k, bad));
    }
    assertEquals(Optional.empty(), ConfigKey.address("a", "0.0.0.0:0", 0).problem(conf()));
  }

  @Test
  void strings_areCheckedByTheirRule_emptyIncluded() {
    ConfigKey<String> k = ConfigKey.string("s", "/", "an absolute path", v -> v.startsWith("/"));
    assertEquals("/data", k.get(conf("s", " /data ")));
    assertEquals("s must be an absolute path, was 'data'", problem(k, "data"));
    assertEquals("s must be an absolute path, was ''", problem(k, ""));
  }

  @Test
  void throughputs_areReadInTheKeysUnit_andWrittenBackInIt() {
    ConfigKey<Throughput> mb = ConfigKey.throughput("mb", Throughput.mbPerSec(300), Throughput.Unit.MB_PER_SEC);
    ConfigKey<Throughput> mib = ConfigKey.throughput("mib", Throughput.mibPerSec(40), Throughput.Unit.MIB_PER_SEC);
    assertEquals(Throughput.mbPerSec(300), mb.get(conf()));
    assertEquals(Optional.of("300"), mb.literalDefault());
    assertEquals("MB/s", mb.unit());
    Throughput forty = mib.get(conf());
    assertEquals(40 * 1024 * 1024, forty.bytesPerSec());
    assertEquals(forty, mb.get(conf("mb", mb.text(forty))), "a MiB/s speed set in an MB/s key keeps its rate");
    assertEquals("mb must be a speed >= 0.01 MB/s, was -60", problem(mb, "-60"));
    assertEquals("mb must be a speed >= 0.01 MB/s, was 0", problem(mb, "0"));
    assertEquals("mb must be a speed >= 0.01 MB/s, was 1e-7", problem(mb, "1e-7"),
        "a speed near 0 would overflow a block's transfer time");
    assertEquals("mb must be a speed >= 0.01 MB/s, was 'fast'", problem(mb, "fast"));
    ConfigKey<Throughput> link = ConfigKey.throughputOrZero("l", Throughput.ZERO, Throughput.Unit.MB_PER_SEC);
    assertEquals(Throughput.ZERO, link.get(conf("l", "0")));
    assertEquals("l must be 0 or a speed >= 0.01 MB/s, was -1", problem(link, "-1"));
    assertEquals("l must be 0 or a speed >= 0.01 MB/s, was 1e-7", problem(link, "1e-7"));
    assertEquals("l must be 0 or a speed >= 0.01 MB/s, was 'slow'", problem(link, "slow"));
    assertEquals(Throughput.mbPerSec(0.5), link.get(conf("l", "0.5")));
    assertEquals("0, or >= 0.01", link.allowed());
    assertEquals(">= 0.01", mib.allowed());
  }

  @Test
  void checkAndDescribe_nameTheKeyItsDefaultAndItsRange() {
    ConfigKey<Long> k = ConfigKey.whole("example.x.n", 4, 1, 64).unit("threads").readBy("NameNode")
        .doc("Handler threads.");
    List<String> problems = new ArrayList<>();
    assertTrue(k.check(conf(), problems));
    assertFalse(k.check(conf(k.name(), "65"), problems));
    assertEquals(List.of("example.x.n must be in 1..64, was 65"), problems);
    assertEquals("example.x.n: Handler threads. Unit: threads. Default: 4. Allowed: 1..64. Read by: NameNode.",
        k.describe());
  }

  @Test
  void setAndGet_roundTrip() {
    ConfigKey<Double> k = ConfigKey.number("n", 0.25, 0, 10);
    Configuration conf = conf();
    k.set(conf, 2.5);
    assertEquals("2.5", conf.get("n"));
    assertEquals(2.5, k.get(conf));
    assertEquals(Optional.of("0.25"), k.literalDefault());
  }
}
