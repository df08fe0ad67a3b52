/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.device.DirtyLedger;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpecParserTest {

  private static Properties props(String... keyValues) {
    Properties p = new Properties();
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  private static Properties valid() {
    return props("datanodes", "4", "racks", "2", "volumes", "SSD,DISK", "capacities", "1g/2g*4");
  }

  @Test
  void paperSpec_hasTenNodesInFourRacksWithTwoHardwareClasses() {
    ClusterSpec paper = ClusterSpecs.load("paper");
    assertEquals(10, paper.dataNodes().size());
    assertEquals(List.of("/r1", "/r2", "/r3", "/r4"), paper.racks());
    assertEquals(List.of(3, 2, 3, 2),
        paper.racks().stream().map(r -> paper.dataNodesInRack(r).size()).collect(Collectors.toList()));
    long c1 = paper.dataNode("dn01").capacityBytes();
    long c2 = paper.dataNode("dn06").capacityBytes();
    assertEquals(558.0 / 232.0, c1 / (double) c2, 1e-9);
    assertEquals("C1", paper.dataNode("dn05").hardwareClass());
    assertEquals("C2", paper.dataNode("dn06").hardwareClass());
    assertEquals(Optional.of("ud3"), paper.dataNode("dn06").upgradeDomain());
    // The paper's 2 x 10 Gbit/s (C1) and 1 Gbit/s (C2) links at 1/16, as its disks are scaled.
    assertEquals(156.25, paper.network().nodeLink(4).mbPerSec(), 1e-9);
    assertEquals(7.8125, paper.network().nodeLink(5).mbPerSec(), 1e-9);
    assertEquals(7.8125, paper.network().rackUplink(2).mbPerSec(), 1e-9);
  }

  @Test
  void oneSsdSpec_givesEveryNodeOneSsdAndOneDiskVolume() {
    ClusterSpec spec = ClusterSpecs.load("one-ssd");
    assertEquals(6, spec.dataNodes().size());
    assertEquals(3, spec.racks().size());
    assertTrue(spec.dataNodes().stream().allMatch(dn -> dn.volumes().stream().map(VolumeSpec::type)
        .collect(Collectors.toList()).equals(List.of(StorageType.SSD, StorageType.DISK))));
  }

  @Test
  void smallSpec_isValidAndSpreadsNodesOverRacks() {
    ClusterSpec spec = ClusterSpecs.load("small");
    assertTrue(spec.dataNodes().size() >= 4);
    assertTrue(spec.racks().size() >= 3);
  }

  @Test
  void nodes_getDistinctLoopbackAddressesAndEvenRacks() {
    ClusterSpec spec = SpecParser.parse(props("datanodes", "5", "racks", "2", "capacities", "1g*5"), "t");
    assertEquals(List.of("127.0.0.11", "127.0.0.12", "127.0.0.13", "127.0.0.14", "127.0.0.15"),
        spec.dataNodes().stream().map(DataNodeSpec::address).collect(Collectors.toList()));
    assertEquals(3, spec.dataNodesInRack("/r1").size());
    assertEquals(2, spec.dataNodesInRack("/r2").size());
  }

  @Test
  void nodeGroups_areBelowTheRackInTheNetworkLocation() {
    ClusterSpec spec = SpecParser.parse(
        props("datanodes", "4", "racks", "2", "capacities", "1g*4", "node.groups.per.rack", "2"), "t");
    assertEquals("/r1/ng1", spec.dataNode("dn01").networkLocation());
    assertEquals("/r1/ng2", spec.dataNode("dn02").networkLocation());
    // HDFS's node-group policy compares the last path element only, so group names are unique cluster-wide.
    assertEquals("/r2/ng3", spec.dataNode("dn03").networkLocation());
    assertTrue(spec.usesNodeGroups());
  }

  @Test
  void deviceSpeeds_overrideDefaults() {
    Properties p = valid();
    p.setProperty("device.mibps.ssd", "100");
    assertEquals(100.0, SpecParser.parse(p, "t").devices().mibPerSec(StorageType.SSD));
    assertEquals(DeviceProfile.DEFAULT_SPEEDS.get(StorageType.DISK).mibPerSec(),
        SpecParser.parse(p, "t").devices().mibPerSec(StorageType.DISK));
  }

  @Test
  void deviceBurst_defaultsToOneMibAndAcceptsZero() {
    assertEquals(Sizes.MIB, SpecParser.parse(valid(), "t").devices().burstBytes());
    Properties p = valid();
    p.setProperty("device.burst", "0");
    assertEquals(0, SpecParser.parse(p, "t").devices().burstBytes());
    p.setProperty("device.burst", "-1k");
    assertTrue(SpecParser.read(p, "t").status().reason().contains("device.burst must be a size >= 0"));
  }

  @Test
  void pageCache_defaultsToNone() {
    ClusterSpec spec = SpecParser.parse(valid(), "t");
    assertTrue(spec.dataNodes().stream().allMatch(dn -> dn.pageCacheBytes() == 0));
    assertFalse(spec.usesPageCache());
    assertEquals("off", spec.describePageCache());
  }

  @Test
  void pageCache_singleValueAppliesToEveryNode() {
    Properties p = valid();
    p.setProperty("page.cache.mib", "256");
    ClusterSpec spec = SpecParser.parse(p, "t");
    assertTrue(spec.dataNodes().stream().allMatch(dn -> dn.pageCacheBytes() == 256 * Sizes.MIB));
    assertEquals("256.0 MiB per DataNode", spec.describePageCache());
  }

  @Test
  void pageCache_perNodeListWithRepetitions() {
    Properties p = valid();
    p.setProperty("page.cache.mib", "0,64*2,0.5");
    ClusterSpec spec = SpecParser.parse(p, "t");
    assertEquals(List.of(0L, 64 * Sizes.MIB, 64 * Sizes.MIB, Sizes.MIB / 2),
        spec.dataNodes().stream().map(DataNodeSpec::pageCacheBytes).collect(Collectors.toList()));
    assertTrue(spec.usesPageCache());
    assertEquals("dn01 off, dn02 64.0 MiB, dn03 64.0 MiB, dn04 512.0 KiB", spec.describePageCache());
  }

  @ParameterizedTest
  @CsvSource({"-1", "lots", "NaN", "Infinity"})
  void pageCache_negativeOrNotANumber_namesTheField(String value) {
    Properties p = valid();
    p.setProperty("page.cache.mib", value);
    SpecParser.Reading reading = SpecParser.read(p, "t");
    assertFalse(reading.status().isValid());
    String reason = reading.status().reason();
    assertTrue(reason.contains("page.cache.mib entries must be sizes >= 0 MiB") && reason.contains(value), reason);
  }

  @Test
  void pageCache_listOfWrongLength_namesFieldAndExpectedCount() {
    Properties p = valid();
    p.setProperty("page.cache.mib", "1,2,3");
    String reason = SpecParser.read(p, "t").status().reason();
    assertTrue(reason.contains("page.cache.mib has 3 entries; expected 1 or 4"), reason);
  }

  @Test
  void sixDisksSpec_hasAPageCacheOnEveryNode_otherNamedSpecsNone() {
    assertTrue(ClusterSpecs.load("six-disks").dataNodes().stream()
        .allMatch(dn -> dn.pageCacheBytes() == 256 * Sizes.MIB));
    for (String name : List.of("paper", "one-ssd", "small", "nine-nodes", "nine-nodes-switch")) {
      assertFalse(ClusterSpecs.load(name).usesPageCache(), name);
    }
  }

  @Test
  void pageCache_givesWriteBackAtLinuxsDefaultRatiosOfIt() {
    DirtyLedger.Limits limits = ClusterSpecs.load("six-disks").dataNodes().get(0).writeBack();
    assertEquals(new DirtyLedger.Limits(256 * Sizes.MIB / 10, 256 * Sizes.MIB / 5, 30_000_000_000L,
        5_000_000_000L), limits);
    assertTrue(ClusterSpecs.load("nine-nodes").dataNodes().get(0).writeBack().writesThrough(),
        "no page cache, no memory for dirty data");
  }

  @Test
  void writeBackFields_useLinuxsNames_andDirtyRatioZeroWritesThrough() {
    Properties p = valid();
    p.setProperty("page.cache.mib", "100");
    p.setProperty("vm.dirty_background_ratio", "5");
    p.setProperty("vm.dirty_ratio", "50");
    p.setProperty("vm.dirty_expire_centisecs", "100");
    p.setProperty("vm.dirty_writeback_centisecs", "10");
    DirtyLedger.Limits limits = SpecParser.parse(p, "t").dataNodes().get(3).writeBack();
    assertEquals(new DirtyLedger.Limits(5 * Sizes.MIB, 50 * Sizes.MIB, 1_000_000_000L, 100_000_000L), limits);
    p.setProperty("vm.dirty_background_ratio", "0");
    p.setProperty("vm.dirty_ratio", "0");
    assertTrue(SpecParser.parse(p, "t").dataNodes().get(0).writeBack().writesThrough());
  }

  @Test
  void backgroundRatioAboveDirtyRatio_namesBothFields() {
    Properties p = valid();
    p.setProperty("vm.dirty_background_ratio", "30");
    String reason = SpecParser.read(p, "t").status().reason();
    assertTrue(reason.contains("vm.dirty_background_ratio (30) must be at most vm.dirty_ratio (20)"), reason);
    p.setProperty("vm.dirty_ratio", "101");
    reason = SpecParser.read(p, "t").status().reason();
    assertTrue(reason.contains("vm.dirty_ratio must be from 0 to 100"), reason);
  }

  @Test
  void nineNodesSpec_isThreeRacksOfThree_withEveryLinkAndUplinkShaped() {
    ClusterSpec spec = ClusterSpecs.load("nine-nodes");
    assertEquals(9, spec.dataNodes().size());
    assertEquals(List.of(3, 3, 3), spec.racks().stream().map(r -> spec.dataNodesInRack(r).size()).toList());
    assertEquals(4.0, spec.devices().mibPerSec(StorageType.DISK));
    assertEquals(5_000_000.0, spec.network().nodeLink(8).bytesPerSec());
    assertEquals(5_000_000.0, spec.network().rackUplink(2).bytesPerSec());
  }

  @Test
  void nineNodesSwitchSpec_isNineNodesWithUplinksOfThreeNodeLinks() {
    ClusterSpec spec = ClusterSpecs.load("nine-nodes-switch");
    ClusterSpec oversubscribed = ClusterSpecs.load("nine-nodes");
    assertEquals(oversubscribed.dataNodes().size(), spec.dataNodes().size());
    assertEquals(oversubscribed.devices().mibPerSec(StorageType.DISK), spec.devices().mibPerSec(StorageType.DISK));
    assertEquals(5_000_000.0, spec.network().nodeLink(8).bytesPerSec());
    for (String rack : spec.racks()) {
      assertEquals(spec.dataNodesInRack(rack).size() * spec.network().nodeLink(0).bytesPerSec(),
          spec.network().rackUplink(spec.racks().indexOf(rack)).bytesPerSec(), rack);
    }
  }

  @Test
  void oneSsdTwoRacksSpec_isTheReadPapersTwoRacks_withUplinksSlowerThanADisk() {
    ClusterSpec spec = ClusterSpecs.load("one-ssd-two-racks");
    assertEquals(List.of(2, 1), spec.racks().stream().map(r -> spec.dataNodesInRack(r).size()).toList());
    assertEquals(List.of(StorageType.SSD, StorageType.DISK), spec.volumeTypes());
    double disk = 4 * 1024 * 1024; // the read profiles' DISK, 4 MiB/s
    for (int r = 0; r < spec.racks().size(); r++) {
      assertTrue(spec.network().rackUplink(r).bytesPerSec() < disk, "uplink " + r);
    }
    double ssd = 20 * 1024 * 1024;
    assertTrue(spec.network().nodeLink(0).bytesPerSec() > ssd);
    assertTrue(spec.network().clientLink(0).bytesPerSec() > 2 * ssd + 2 * disk, "the reader's link carries its rack");
  }

  @Test
  void unknownStorageType_namesFieldAndAllowedTypes() {
    Properties p = valid();
    p.setProperty("volumes", "SSD,FLOPPY");
    String reason = SpecParser.read(p, "t").status().reason();
    assertTrue(reason.contains("volumes") && reason.contains("FLOPPY") && reason.contains("DISK")
        && reason.contains("ARCHIVE"), reason);
  }

  @ParameterizedTest
  @CsvSource({"device.mibps.ssd, 0", "device.mibps.disk, -3", "device.mibps.ssd, fast", "device.mibps.ssd, 0.001",
      "device.mibps.ssd, 5f"})
  void nonPositiveSpeed_namesKeyAndAllowedRange(String key, String value) {
    Properties p = valid();
    p.setProperty(key, value);
    SpecParser.Reading reading = SpecParser.read(p, "t");
    assertFalse(reading.status().isValid());
    String reason = reading.status().reason();
    assertTrue(reason.contains(key + " must be a speed >= 0.01 MiB/s"), reason);
  }

  @Test
  void blankSpeed_isAProblemNamingTheKey_notAnException() {
    Properties p = valid();
    p.setProperty("device.mibps.ssd", " ");
    SpecParser.Reading reading = SpecParser.read(p, "t");
    assertFalse(reading.status().isValid());
    assertTrue(reading.status().reason().contains("device.mibps.ssd is blank"), reading.status().reason());
  }

  @Test
  void moreRacksThanDataNodes_namesBothFieldsAndRange() {
    Properties p = props("datanodes", "3", "racks", "5", "capacities", "1g*3");
    String reason = SpecParser.read(p, "t").status().reason();
    assertTrue(reason.contains("racks must be from 1 to 3") && reason.contains("datanodes"), reason);
  }

  @Test
  void capacityListOfWrongLength_namesFieldAndExpectedCount() {
    Properties p = props("datanodes", "4", "racks", "2", "capacities", "1g,2g,3g");
    String reason = SpecParser.read(p, "t").status().reason();
    assertTrue(reason.contains("capacities has 3 entries; expected 4"), reason);
  }

  @Test
  void capacityEntryWithWrongVolumeCount_isRejected() {
    Properties p = props("datanodes", "2", "volumes", "SSD,DISK", "capacities", "1g/2g/3g,1g");
    String reason = SpecParser.read(p, "t").status().reason();
    assertTrue(reason.contains("expected 1 or 2"), reason);
  }

  @Test
  void rackSizesNotAddingUp_isRejected() {
    Properties p = props("datanodes", "4", "racks", "2", "rack.sizes", "3,2", "capacities", "1g*4");
    assertTrue(SpecParser.read(p, "t").status().reason().contains("rack.sizes add up to 5"));
  }

  @Test
  void unknownField_isRejectedSoTyposDoNotPassSilently() {
    Properties p = valid();
    p.setProperty("rack.size", "2,2");
    assertTrue(SpecParser.read(p, "t").status().reason().contains("unknown field 'rack.size'"));
  }

  @Test
  void everyProblem_isReportedAtOnce() {
    Properties p = props("datanodes", "4", "racks", "2", "volumes", "TAPE", "device.mibps.ssd", "0",
        "capacities", "1g", "vm.dirty_ratio", "200", "net.node.link", "fast", "upgrade.domains", "9");
    List<String> problems = SpecParser.read(p, "t").status().problems();
    assertEquals(6, problems.size(), problems.toString());
    for (String field : List.of("volumes", "device.mibps.ssd", "capacities has 1 entries", "vm.dirty_ratio",
        "net.node.link", "upgrade.domains")) {
      assertTrue(problems.stream().anyMatch(problem -> problem.startsWith(field)), field + " in " + problems);
    }
  }

  @Test
  void badVolumes_stillChecksTheCapacitySizes_withoutJudgingTheirCountPerNode() {
    Properties p = props("datanodes", "2", "volumes", "SSD,TAPE", "capacities", "1g/2g,lots");
    List<String> problems = SpecParser.read(p, "t").status().problems();
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("TAPE"), problems.toString());
    assertTrue(problems.get(1).startsWith("capacities: ") && problems.get(1).contains("lots"), problems.toString());
  }

  @Test
  void blankVolumes_isRejectedNamingTheField() {
    Properties p = valid();
    p.setProperty("volumes", " ");
    p.setProperty("capacities", "1g*4");
    List<String> problems = SpecParser.read(p, "t").status().problems();
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("volumes must name at least one storage type"), problems.toString());
  }

  @Test
  void dirtyRatioZeroAlone_isAcceptedAndWritesThrough() {
    Properties p = valid();
    p.setProperty("page.cache.mib", "100");
    p.setProperty("vm.dirty_ratio", "0");
    assertTrue(SpecParser.parse(p, "t").dataNodes().stream().allMatch(dn -> dn.writeBack().writesThrough()));
  }

  @Test
  void dirtyRatioBelowTheDefaultBackgroundRatio_saysTheBackgroundRatioIsTheDefault() {
    Properties p = valid();
    p.setProperty("vm.dirty_ratio", "5");
    String reason = SpecParser.read(p, "t").status().reason();
    assertTrue(reason.contains("vm.dirty_background_ratio (10, the default) must be at most vm.dirty_ratio (5)"),
        reason);
  }

  @Test
  void parse_throwsInvalidSpecWithTheReason() {
    InvalidSpecException e = assertThrows(InvalidSpecException.class,
        () -> SpecParser.parse(props("racks", "2"), "broken"));
    assertTrue(e.getMessage().contains("'broken'") && e.getMessage().contains("datanodes is required"));
  }

  @Test
  void unknownSpecName_listsTheNamedSpecs() {
    InvalidSpecException e = assertThrows(InvalidSpecException.class, () -> ClusterSpecs.load("huge"));
    assertTrue(e.getMessage().contains("paper, one-ssd, small"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({"512k, 524288", "558m, 585105408", "2g, 2147483648", "1024, 1024", "4MB, 4194304"})
  void sizes_parseBinaryUnits(String text, long bytes) {
    assertEquals(bytes, Sizes.parse(text));
  }
}
