/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
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
  void blocksPerJob_roundsUpPartialBlocks() {
    assertEquals(12 * 4, PfimbiProfile.QUICK.blocksPerJob());
    assertEquals(9, new PfimbiProfile("t", "", 3, 10, 4, 1).blocksPerJob());
  }
}
