/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class KnownKeysTest {

  private static final List<String> KNOWN =
      List.of("replicakit.pfimbi.buffer.blocks", "replicakit.pfimbi.buffer.bytes", "replicakit.pfimbi.rpc.address");

  @Test
  void aMisspelledKeyIsReportedWithTheClosestKnownKey() {
    List<String> warnings = KnownKeys.unknown(List.of("replicakit.pfimbi.bufer.blocks",
        "replicakit.pfimbi.buffer.bytes", "replicakit.read.policy"), "replicakit.pfimbi.", KNOWN);
    assertEquals(List.of("Unknown ReplicaKit key replicakit.pfimbi.bufer.blocks is ignored; did you mean "
        + "replicakit.pfimbi.buffer.blocks?"), warnings);
  }

  @Test
  void keysOutsideEveryModulePrefixAreReportedWithTheClosestPrefix() {
    String misspelled = KnownKeys.ROOT + "pfimbbi.buffer.blocks"; // an operator's typo, not a key of ours
    List<String> warnings = KnownKeys.outsidePrefixes(List.of(misspelled,
        "replicakit.metrics.interval.ms", "replicakit.testbed.node.name"));
    assertEquals(1, warnings.size(), warnings.toString());
    assertTrue(warnings.get(0).contains(misspelled), warnings.get(0));
    assertTrue(warnings.get(0).endsWith("did you mean a key under replicakit.pfimbi.?"), warnings.get(0));
  }

  @Test
  void editDistanceCountsInsertionsDeletionsAndSubstitutions() {
    assertEquals(0, KnownKeys.distance("abc", "abc"));
    assertEquals(1, KnownKeys.distance("abc", "abxc"));
    assertEquals(1, KnownKeys.distance("abc", "ac"));
    assertEquals(1, KnownKeys.distance("abc", "abd"));
    assertEquals(3, KnownKeys.distance("", "abc"));
  }
}
