/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.storage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.Map;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;

class ThroughputTest {

  @Test
  void mibAndMb_differByTheirBytes() {
    Throughput forty = Throughput.mibPerSec(40);
    assertEquals(41_943_040, forty.bytesPerSec());
    assertEquals(41.94304, forty.mbPerSec(), 1e-9);
    assertEquals(40, forty.mibPerSec());
    assertEquals(41_943_040, forty.wholeBytesPerSec());
    assertEquals(Throughput.mbPerSec(300), Throughput.of(300e6, Throughput.Unit.BYTES_PER_SEC));
  }

  @Test
  void negativeOrInfiniteRates_areNoThroughput() {
    assertThrows(IllegalArgumentException.class, () -> Throughput.mbPerSec(-1));
    assertThrows(IllegalArgumentException.class, () -> Throughput.mbPerSec(Double.POSITIVE_INFINITY));
    assertThrows(IllegalArgumentException.class, () -> Throughput.mbPerSec(Double.NaN));
  }

  @Test
  void storageSpeeds_coverEveryStorageType() {
    Map<StorageType, Throughput> partial = Map.of(StorageType.SSD, Throughput.mbPerSec(300));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StorageSpeeds.of(partial));
    assertTrue(e.getMessage().contains("DISK"), e.getMessage());
    Map<StorageType, Throughput> all = new EnumMap<>(StorageType.class);
    for (StorageType type : StorageType.values()) {
      all.put(type, Throughput.mbPerSec(60));
    }
    StorageSpeeds speeds = StorageSpeeds.of(all).with(partial);
    assertEquals(Throughput.mbPerSec(300), speeds.get(StorageType.SSD));
    assertEquals(Throughput.mbPerSec(60), speeds.get(StorageType.ARCHIVE));
    assertEquals(StorageSpeeds.of(all).with(partial), speeds);
  }
}
