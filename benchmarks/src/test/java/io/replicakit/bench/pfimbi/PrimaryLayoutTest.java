/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PrimaryLayoutTest {

  private static final ClusterSpec SSD_SPLIT = ClusterSpecs.load("ssd-split");

  @Test
  void splitLayouts_writeFromTheFirstRack_withTheirStoragePolicy() {
    assertEquals(ClientPlacement.inRack(SSD_SPLIT.racks().get(0)), PrimaryLayout.SSD.writers(SSD_SPLIT));
    assertEquals(ClientPlacement.inRack(SSD_SPLIT.racks().get(0)), PrimaryLayout.HDD.writers(SSD_SPLIT));
    assertEquals(ClientPlacement.offCluster(), PrimaryLayout.SHARED.writers(SSD_SPLIT));
    assertEquals(Optional.of("ONE_SSD"), PrimaryLayout.SSD.storagePolicy());
    assertEquals(Optional.of("HOT"), PrimaryLayout.HDD.storagePolicy());
    assertEquals(Optional.empty(), PrimaryLayout.SHARED.storagePolicy());
  }

  @Test
  void theSsdSplitSpec_runsEveryLayout() {
    for (PrimaryLayout layout : PrimaryLayout.values()) {
      assertEquals(List.of(), layout.problems(SSD_SPLIT), layout.id());
    }
  }

  @Test
  void theSsdLayout_onASpecWithoutSsds_saysWhy() {
    ClusterSpec disks = ClusterSpecs.load("six-disks");
    assertEquals(List.of(), PrimaryLayout.HDD.problems(disks));
    List<String> problems = PrimaryLayout.SSD.problems(disks);
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("SSD"), problems.get(0));
  }

  @Test
  void lists_parseWithoutDuplicates_andRejectUnknownNames() {
    assertEquals(List.of(PrimaryLayout.HDD, PrimaryLayout.SSD), PrimaryLayout.parseList("hdd, ssd,hdd"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PrimaryLayout.parseList("nvme"));
    assertTrue(e.getMessage().contains("shared, hdd, ssd"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PrimaryLayout.parseList(" , "));
  }

  @Test
  void stages_keepTheirOldNamesForTheSharedLayout_andPrefixTheSplitOnes() {
    PfimbiExperiment.Setup one = setup(1, List.of(PrimaryLayout.SHARED));
    assertEquals(List.of("write"), one.stages());
    PfimbiExperiment.Setup shared = setup(2, List.of(PrimaryLayout.SHARED));
    assertEquals(List.of("rep1", "rep2"), shared.stages());
    PfimbiExperiment.Setup split = setup(1, List.of(PrimaryLayout.HDD, PrimaryLayout.SSD));
    assertEquals(List.of("hdd", "ssd"), split.stages());
    PfimbiExperiment.Setup twice = setup(2, List.of(PrimaryLayout.HDD, PrimaryLayout.SSD));
    assertEquals(List.of("hdd-rep1", "ssd-rep1", "hdd-rep2", "ssd-rep2"), twice.stages());
    assertEquals(List.of("ssd-rep1", "ssd-rep2"), twice.stages(PrimaryLayout.SSD));
  }

  private static PfimbiExperiment.Setup setup(int repeat, List<PrimaryLayout> layouts) {
    return new PfimbiExperiment.Setup(PfimbiProfile.QUICK, PfimbiVariant.DEFAULTS, "ssd-split", Map.of(), repeat,
        layouts, PfimbiWorkload.DFSIO);
  }
}
