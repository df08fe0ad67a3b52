/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void strings_areEscaped() {
    assertEquals("\"a\\\"b\\\\c\\nd\\u0001\"", Json.write("a\"b\\c\nd\u0001"));
  }

  @Test
  void numbers_areIntegralWhenWholeAndNullWhenNotFinite() {
    assertEquals("[\n  3,\n  2.5,\n  null\n]", Json.write(List.of(3.0, 2.5, Double.NaN)));
  }

  @Test
  void objectsAndArrays_areIndentedTwoSpaces_andEmptyOnesStayOnOneLine() {
    Map<String, Object> value = new LinkedHashMap<>();
    value.put("a", List.of(1, "x"));
    value.put("empty", Map.of());
    value.put("none", List.of());
    value.put("flag", true);
    value.put("missing", null);
    assertEquals("{\n  \"a\": [\n    1,\n    \"x\"\n  ],\n  \"empty\": {},\n  \"none\": [],\n"
        + "  \"flag\": true,\n  \"missing\": null\n}", Json.write(value));
  }

  @Test
  void floats_followTheSameRules_andLongsStayExact() {
    assertEquals("[\n  2,\n  0.5,\n  null,\n  9007199254740993\n]",
        Json.write(List.of(2.0f, 0.5f, Float.POSITIVE_INFINITY, 9007199254740993L)));
  }

  @Test
  void results_followTheCommonFormat() {
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("read_throughput_mb_s", 41.2);
    RunResult base = new RunResult("default", true, "load", 2, metrics, Map.of());
    RunResult other = new RunResult("rackfaulttolerant", false, "load", 2, metrics, Map.of("bytes_per_rack",
        Map.of("/r1", 10L)));
    String json = new ExperimentResults("placement", "quick", Instant.parse("2026-11-22T10:00:00Z"), "3.5.0",
        Map.of("datanodes", 10), List.of(base, other)).toJson();
    assertTrue(json.contains("\"experiment\": \"placement\""), json);
    assertTrue(json.contains("\"hadoop_version\": \"3.5.0\""), json);
    assertTrue(json.contains("\"baseline\": true"), json);
    assertEquals(1, json.split("\"baseline\"").length - 1, "only the baseline run carries the flag");
    assertTrue(json.contains("\"detail\": {\n        \"bytes_per_rack\""), json);
  }

  @Test
  void stats_useSampleStandardDeviation() {
    Stats s = Stats.of(List.of(2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0));
    assertEquals(5.0, s.mean(), 1e-12);
    assertEquals(Math.sqrt(32.0 / 7), s.std(), 1e-12);
    assertTrue(Double.isNaN(Stats.of(List.of(3.0)).std()), "one measurement: no spread to tell");
  }
}
