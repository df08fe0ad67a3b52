/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PfimbiVariantTest {

  @Test
  void aList_splitsOnCommasOutsideParentheses() {
    assertEquals(List.of(PfimbiVariant.HDFS_33, PfimbiVariant.PFIMBI_31),
        PfimbiVariant.parseList("hdfs(3,3), pfimbi(3,1)"));
    assertEquals(List.of(PfimbiVariant.HDFS_11_SETREP), PfimbiVariant.parseList("hdfs(1,1)+setrep(3)"));
  }

  @Test
  void anUnknownVariant_isRejectedNamingTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PfimbiVariant.parseList("pfimbi(4,1)"));
    assertEquals(true, e.getMessage().contains("pfimbi(3,1)"));
  }

  @Test
  void theLatencyVariant_runsPfimbiWithTheLatencyMeasure_andOnlyWhenNamed() {
    assertEquals(Map.of("replicakit.pfimbi.activity.metric", "latency"),
        PfimbiVariant.PFIMBI_31_LATENCY.pfimbiSettings());
    assertTrue(PfimbiVariant.PFIMBI_31.pfimbi() && PfimbiVariant.PFIMBI_31.pfimbiSettings().isEmpty());
    assertFalse(PfimbiVariant.HDFS_11_SETREP.pfimbi());
    assertFalse(PfimbiVariant.DEFAULTS.contains(PfimbiVariant.PFIMBI_31_LATENCY));
    assertEquals(List.of(PfimbiVariant.PFIMBI_31_LATENCY), PfimbiVariant.parseList("pfimbi(3,1)-latency"));
    assertEquals(Map.of("replicakit.pfimbi.queue.order", "lifo"), PfimbiVariant.PFIMBI_31_LIFO.pfimbiSettings());
    assertFalse(PfimbiVariant.DEFAULTS.contains(PfimbiVariant.PFIMBI_31_LIFO));
  }

  @Test
  void blocksPerJob_roundsUpPartialBlocks() {
    assertEquals(12 * 4, PfimbiProfile.QUICK.blocksPerJob());
    assertEquals(9, new PfimbiProfile("t", "", 3, 10, 4, 1).blocksPerJob());
  }
}
