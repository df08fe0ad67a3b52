/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.read.config.ReadSelectionConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReadVariantsTest {

  private static final List<String> POLICIES = List.of("network-distance", "storage-type", "drr", "system-state");

  @Test
  void noInterRack_keepsTheNamesAndTheClustersBandwidth_thenTheSweep() {
    Map<String, Map<String, String>> v = ReadVariants.of(POLICIES, List.of(), List.of(5.0, 2.5));
    assertEquals(List.of("network-distance", "storage-type", "drr", "system-state", "wrr(w=5)", "wrr(w=2.5)"),
        List.copyOf(v.keySet()));
    v.values().forEach(s -> assertFalse(s.containsKey(ReadSelectionConfig.INTER_RACK_KEY)));
    assertEquals("drr", v.get("drr").get(ReadSelectionConfig.POLICY_KEY));
    assertEquals("5.0", v.get("wrr(w=5)").get(ReadSelectionConfig.WRR_WEIGHT_KEY));
  }

  @Test
  void oneInterRack_setsItOnTheStorageAwarePoliciesOnly_withoutRenaming() {
    Map<String, Map<String, String>> v = ReadVariants.of(POLICIES, inter(0.0), List.of());
    assertEquals(POLICIES, List.copyOf(v.keySet()));
    assertEquals("0", v.get("storage-type").get(ReadSelectionConfig.INTER_RACK_KEY));
    assertEquals("0", v.get("drr").get(ReadSelectionConfig.INTER_RACK_KEY));
    assertFalse(v.get("network-distance").containsKey(ReadSelectionConfig.INTER_RACK_KEY));
    assertFalse(v.get("system-state").containsKey(ReadSelectionConfig.INTER_RACK_KEY));
  }

  @Test
  void severalInterRacks_runEachStorageAwarePolicyOncePerValue_blindOnesOnce() {
    Map<String, Map<String, String>> v = ReadVariants.of(POLICIES, inter(1250.0, 0.0), List.of());
    assertEquals(List.of("network-distance", "storage-type(inter-rack=1250)", "storage-type(inter-rack=0)",
        "drr(inter-rack=1250)", "drr(inter-rack=0)", "system-state"), List.copyOf(v.keySet()));
    assertEquals("1250", v.get("drr(inter-rack=1250)").get(ReadSelectionConfig.INTER_RACK_KEY));
    assertEquals("drr", v.get("drr(inter-rack=0)").get(ReadSelectionConfig.POLICY_KEY));
  }

  @Test
  void severalIntraRacks_nameTheVariantsByIt_andKeepASingleInterRackOnEach() {
    Map<String, Map<String, String>> v = ReadVariants.of(POLICIES, List.of(ReadVariants.Told.interRack(
        List.of(0.0)), ReadVariants.Told.intraRack(List.of(1250.0, 1.0))), List.of());
    assertEquals(List.of("network-distance", "storage-type(intra-rack=1250)", "storage-type(intra-rack=1)",
        "drr(intra-rack=1250)", "drr(intra-rack=1)", "system-state"), List.copyOf(v.keySet()));
    assertEquals("1", v.get("drr(intra-rack=1)").get(ReadSelectionConfig.INTRA_RACK_KEY));
    assertEquals("0", v.get("drr(intra-rack=1)").get(ReadSelectionConfig.INTER_RACK_KEY));
    assertFalse(v.get("network-distance").containsKey(ReadSelectionConfig.INTRA_RACK_KEY));
  }

  @Test
  void twoComparedBandwidths_areRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReadVariants.of(POLICIES,
        List.of(ReadVariants.Told.interRack(List.of(0.0, 10.0)), ReadVariants.Told.intraRack(List.of(1.0, 5.0))),
        List.of()));
    assertTrue(e.getMessage().contains("inter-rack") && e.getMessage().contains("intra-rack"), e.getMessage());
  }

  private static List<ReadVariants.Told> inter(Double... mbps) {
    return List.of(ReadVariants.Told.interRack(List.of(mbps)));
  }
}
