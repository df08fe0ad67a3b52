package io.replicakit.common.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class ConfigValuesTest {

  private static Configuration conf(String key, String value) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);
    return conf;
  }

  @Test
  void durationsTakeHadoopsSuffixesAndPlainMilliseconds() {
    List<String> problems = new ArrayList<>();
    assertEquals(3_000, ConfigValues.checkDurationMs(conf("k", "3s"), "k", 1, 10, 60_000, problems));
    assertEquals(250, ConfigValues.checkDurationMs(conf("k", "250"), "k", 1, 10, 60_000, problems));
    assertEquals(120_000, ConfigValues.checkDurationMs(conf("k", " 2m "), "k", 1, 10, 600_000, problems));
    assertEquals(7, ConfigValues.checkDurationMs(new Configuration(false), "k", 7, 1, 10, problems));
    assertTrue(problems.isEmpty(), problems.toString());
  }

  @Test
  void aBadOrOutOfRangeDurationNamesTheKeyAndTheRange() {
    List<String> problems = new ArrayList<>();
    assertEquals(100, ConfigValues.checkDurationMs(conf("my.key", "fast"), "my.key", 100, 10, 60_000, problems));
    ConfigValues.checkDurationMs(conf("my.key", "2h"), "my.key", 100, 10, 60_000, problems);
    ConfigValues.checkDurationMs(conf("my.key", "-5"), "my.key", 100, 10, 60_000, problems);
    assertEquals(3, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("my.key must be a duration in 10..60000 ms"), problems.get(0));
    assertEquals("my.key must be in 10..60000 ms, was 2h (7200000 ms)", problems.get(1));
    assertEquals("my.key must be in 10..60000 ms, was -5", problems.get(2));
  }

  @Test
  void sizesTakeBinaryPrefixesAndStorageUnits() {
    List<String> problems = new ArrayList<>();
    assertEquals(64L << 20, ConfigValues.checkBytes(conf("k", "64m"), "k", 0, 0, 1L << 40, problems));
    assertEquals(64L << 20, ConfigValues.checkBytes(conf("k", "64MB"), "k", 0, 0, 1L << 40, problems));
    assertEquals(1L << 30, ConfigValues.checkBytes(conf("k", "1g"), "k", 0, 0, 1L << 40, problems));
    assertEquals(4096, ConfigValues.checkBytes(conf("k", "4096"), "k", 0, 0, 1L << 40, problems));
    assertTrue(problems.isEmpty(), problems.toString());
  }

  @Test
  void aBadOrOutOfRangeSizeNamesTheKeyAndTheRange() {
    List<String> problems = new ArrayList<>();
    ConfigValues.checkBytes(conf("s", "lots"), "s", 1, 1024, 2048, problems);
    ConfigValues.checkBytes(conf("s", "1m"), "s", 1, 1024, 2048, problems);
    assertEquals(2, problems.size());
    assertTrue(problems.get(0).startsWith("s must be a size in 1024..2048 bytes"), problems.get(0));
    assertEquals("s must be in 1024..2048 bytes, was 1m (1048576 bytes)", problems.get(1));
  }
}
