/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.common.storage.Throughput;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.read.testing.ReadRecipe;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;

/** The ceilings come from the production policies ordering synthetic One_SSD blocks with the run's settings. */
class DeviceModelTest {

  /**
   * The quick profile's cluster: six nodes with an SSD of 20 and a DISK of 4 MiB/s, One_SSD, installed by read
   * selection's recipe, with the read stage's policies and a few sweep weights.
   */
  static DeviceModel quickModel(Map<String, String> extra) {
    Map<String, String> cluster = new LinkedHashMap<>(ReadRecipe.install(ClusterOptions.in(Path.of("unused")),
        ReadSelectionConfig.POLICY_DEFAULT, quickSpeeds()).hdfsSettings());
    cluster.putAll(extra);
    Map<String, Map<String, String>> policies = new LinkedHashMap<>();
    for (String p : List.of("network-distance", "storage-type", "wrr", "drr", "system-state", "combined")) {
      policies.put(p, ReadClusterSettings.policy(p, Double.NaN));
    }
    for (double w : List.of(1.0, 5.0, 7.0, 20.0)) {
      policies.put(ReadSelectionExperiment.wrrVariant(w), ReadClusterSettings.policy("wrr", w));
    }
    return new DeviceModel(6, 20, 4, 3, DeviceModel.variants(cluster, policies));
  }

  /**
   * The storage model's speeds, 20 and 4 in the model's own unit (MB/s), so that WRR's weight is exactly 5: the
   * devices' 20 and 4 MiB/s converted to MB/s give a ratio a rounding error off 5, which moves one block in 120,000.
   */
  private static StorageSpeeds quickSpeeds() {
    return ClusterSpecs.load("one-ssd").devices().speeds().with(Map.of(
        StorageType.SSD, Throughput.mbPerSec(20), StorageType.DISK, Throughput.mbPerSec(4)));
  }

  private final DeviceModel model = quickModel(Map.of());

  @Test
  void networkDistance_isBoundByTheDisksReadingTwoThirds() {
    // The paper's §3.2: N (Rep-1)/Rep blocks from slow storage; 24 MiB/s of disks read 2/3 of the data. Ties are
    // broken at random, so the share is sampled: within 0.5 % of 36.
    assertEquals(36.0, model.ceilingMibS("network-distance"), 0.18);
    assertEquals(1.0 / 3, model.fastFraction("network-distance"), 0.005);
  }

  @Test
  void storageType_isTheSsdsAlone_andWrrAddsTheDisks() {
    assertEquals(120.0, model.ceilingMibS("storage-type"), 1e-9);
    assertEquals(144.0, model.ceilingMibS("wrr"), 1e-9);
    assertEquals(144.0, model.ceilingMibS("wrr(w=5)"), 1e-9);
  }

  @Test
  void withoutSystemState_drrAndCombinedKeepWrrsWeight_andTheScoreFallsBackToHdfsOrder() {
    // DRR balances volumes by default: six SSDs and six DISKs split five to one, to the rounding of read times;
    // combined without samples leaves nothing out and decides as DRR by volume.
    assertEquals(144.0, model.ceilingMibS("drr"), 0.05);
    assertEquals(144.0, model.ceilingMibS("combined"), 0.05);
    assertEquals(36.0, model.ceilingMibS("system-state"), 0.18);
  }

  @Test
  void wrongWeights_loseOnOneSide() {
    assertEquals(48.0, model.ceilingMibS("wrr(w=1)"), 1e-9); // half the blocks on 24 MiB/s of disks
    assertEquals(126.0, model.ceilingMibS("wrr(w=20)"), 0.01); // 20/21 on 120 MiB/s of SSDs
    assertEquals(7.0 / 8, model.fastFraction("wrr(w=7)"), 1e-9);
  }

  @Test
  void theRunsSettingsReachThePolicies_theRackRuleForbidsFastReplicasOffCluster() {
    // With the paper's default inter-rack bandwidth of 0, a reader outside the racks gains nothing from SSD.
    DeviceModel rule3 = quickModel(Map.of(ReadSelectionConfig.INTER_RACK_KEY, "0"));
    assertEquals(1.0 / 3, rule3.fastFraction("storage-type"), 0.005);
    assertEquals(1.0 / 3, rule3.fastFraction("wrr"), 0.005);
  }

  @Test
  void unknownVariants_haveNoCeiling() {
    assertTrue(Double.isNaN(model.ceilingMibS("something")));
  }
}
