/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.config.PfimbiConfig;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class SharingVariantTest {

  @Test
  void aList_namesVariantsOfBothStages() {
    assertEquals(List.of(SharingVariant.FLOWS_1_4_16, SharingVariant.POSITIONS_STRICT),
        SharingVariant.parseList("weights(1:4:16), positions(strict)"));
    assertEquals(SharingVariant.Stage.FLOWS, SharingVariant.FLOWS_EQUAL.stage());
    assertEquals(List.of(1.0, 4.0, 16.0), SharingVariant.FLOWS_1_4_16.flowWeights());
  }

  @Test
  void anUnknownVariant_isRejectedNamingTheKnownOnes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SharingVariant.parseList("weights(1:2)"));
    assertTrue(e.getMessage().contains("positions(100:10:1)"), e.getMessage());
  }

  /** Each positions variant's settings are what Pfimbi's own validation accepts, with the meaning intended. */
  @Test
  void positionSettings_passPfimbisValidation() {
    for (SharingVariant v : List.of(SharingVariant.POSITIONS_EQUAL, SharingVariant.POSITIONS_100_10_1,
        SharingVariant.POSITIONS_STRICT)) {
      Configuration conf = new Configuration(false);
      v.settings().forEach(conf::set);
      assertEquals(v == SharingVariant.POSITIONS_STRICT ? "STRICT" : "WEIGHTED",
          PfimbiConfig.POSITION_MODE.get(conf).name(), v.id());
    }
    Configuration conf = new Configuration(false);
    SharingVariant.POSITIONS_EQUAL.settings().forEach(conf::set);
    assertEquals(List.of(1.0, 1.0, 1.0), PfimbiConfig.POSITION_WEIGHTS.get(conf));
    Configuration flows = new Configuration(false);
    SharingVariant.FLOWS_1_4_16.settings().forEach(flows::set);
    assertEquals("WEIGHTED", PfimbiConfig.POSITION_MODE.get(flows).name(), "the thesis's default: fair positions");
    assertEquals(List.of(1.0), PfimbiConfig.POSITION_WEIGHTS.get(flows));
  }
}
