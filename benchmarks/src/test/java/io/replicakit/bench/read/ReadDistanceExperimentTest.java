/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.Sizes;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReadDistanceExperimentTest {

  private static ReadDistanceExperiment.Setup setup(Optional<String> reader) {
    return new ReadDistanceExperiment.Setup("one-ssd-two-racks", List.of(), reader, 16 * Sizes.MIB, 3, Map.of());
  }

  @Test
  void theSpec_getsTheReadProfilesDeviceSpeeds_andTheReaderDefaultsToTheTwoNodeRack() {
    ClusterSpec spec = ReadDistanceExperiment.spec(setup(Optional.empty()));
    assertEquals(20, spec.devices().mibPerSec(org.apache.hadoop.fs.StorageType.SSD), 1e-9);
    assertEquals(4, spec.devices().mibPerSec(org.apache.hadoop.fs.StorageType.DISK), 1e-9);
    assertEquals("dn01", ReadDistanceExperiment.reader(setup(Optional.empty()), spec));
    assertEquals("dn02", ReadDistanceExperiment.reader(setup(Optional.of("dn02")), spec));
  }

  @Test
  void anUnknownReader_isRefusedNamingTheOption() {
    ReadDistanceExperiment.Setup s = setup(Optional.of("dn09"));
    ClusterSpec spec = ReadDistanceExperiment.spec(s);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ReadDistanceExperiment.reader(s, spec));
    assertTrue(e.getMessage().startsWith("--reader: no DataNode named 'dn09'"), e.getMessage());
  }
}
