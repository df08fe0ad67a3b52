/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;

class DataLayoutTest {

  @Test
  void mixes_areSortedTypeNames() {
    assertEquals("DISK+DISK+SSD", DataLayout.mix(new StorageType[] {StorageType.SSD, StorageType.DISK,
        StorageType.DISK}));
  }

  @Test
  void theBusiestNode_holdsTheMostReplicas_firstByNameOnATie() {
    DataLayout layout = new DataLayout(10, Map.of("DISK+DISK+DISK", 10), Map.of("dn01", 6, "dn02", 8, "dn03", 8,
        "dn04", 8));
    assertEquals("dn02", layout.busiestNode());
    assertEquals(80.0, layout.blockSharePct("dn02"), 1e-9);
    assertEquals("DISK+DISK+DISK for 10 of 10 blocks", layout.describeTypes());
  }
}
