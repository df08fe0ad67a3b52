/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.read.DistanceCells.Cell;
import io.replicakit.bench.read.DistanceCells.Distance;
import io.replicakit.testbed.spec.ClusterSpec;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;

class DistanceCellsTest {

  /** dn01, dn02 in /r1 and dn03 in /r2; node links 400 Mbit/s, uplinks 24 Mbit/s; SSD 20, DISK 4 MiB/s. */
  private final ClusterSpec twoRacks = ReadSpecs.load("one-ssd-two-racks", List.of(), 20, 4);

  @Test
  void aReaderInTheTwoNodeRack_getsItsOwnNode_itsNeighbour_andTheOtherRack_eachWithSsdAndDisk() {
    assertEquals("dn01", DistanceCells.defaultReader(twoRacks));
    List<Cell> cells = DistanceCells.of(twoRacks, "dn01");
    assertEquals(List.of(new Cell(Distance.LOCAL, "dn01", StorageType.SSD),
        new Cell(Distance.LOCAL, "dn01", StorageType.DISK), new Cell(Distance.IN_RACK, "dn02", StorageType.SSD),
        new Cell(Distance.IN_RACK, "dn02", StorageType.DISK), new Cell(Distance.OFF_RACK, "dn03", StorageType.SSD),
        new Cell(Distance.OFF_RACK, "dn03", StorageType.DISK)), cells);
    assertEquals("ssd-off-rack", cells.get(4).id());
    assertEquals("ALL_SSD", cells.get(0).storagePolicy());
    assertEquals("HOT", cells.get(1).storagePolicy());
  }

  @Test
  void aReaderAloneInItsRack_hasNoInRackCell() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> DistanceCells.of(twoRacks, "dn03"));
    assertTrue(e.getMessage().contains("no other DataNode"), e.getMessage());
  }

  @Test
  void theBound_isTheDevice_nearby_andTheUplink_acrossRacks() {
    List<Cell> cells = DistanceCells.of(twoRacks, "dn01");
    double uplink = 24e6 / 8 / (1024 * 1024); // 2.86 MiB/s
    assertEquals(20, DistanceCells.boundMibS(twoRacks, "dn01", cells.get(0)), 1e-9, "local SSD");
    assertEquals(Optional.empty(), DistanceCells.slowestLinkMibS(twoRacks, "dn01", cells.get(0)));
    assertEquals(20, DistanceCells.boundMibS(twoRacks, "dn01", cells.get(2)), 1e-9, "in-rack SSD: links 47.7");
    assertEquals(400e6 / 8 / (1024 * 1024), DistanceCells.slowestLinkMibS(twoRacks, "dn01", cells.get(2)).get(),
        1e-9);
    assertEquals(uplink, DistanceCells.boundMibS(twoRacks, "dn01", cells.get(4)), 1e-9, "off-rack SSD");
    assertEquals(uplink, DistanceCells.boundMibS(twoRacks, "dn01", cells.get(5)), 1e-9, "off-rack DISK");
    assertTrue(DistanceCells.boundMibS(twoRacks, "dn01", cells.get(4))
        < DistanceCells.boundMibS(twoRacks, "dn01", cells.get(3)), "Fig. 2: a far SSD below a near DISK");
  }

  @Test
  void unshapedLinks_boundNothing() {
    ClusterSpec flat = ReadSpecs.load("one-ssd", List.of(), 20, 4); // three racks of two, no net.* fields
    Cell farSsd = DistanceCells.of(flat, "dn01").get(4);
    assertEquals("dn03", farSsd.node());
    assertEquals(20, DistanceCells.boundMibS(flat, "dn01", farSsd), 1e-9);
    assertEquals(Optional.empty(), DistanceCells.slowestLinkMibS(flat, "dn01", farSsd));
  }
}
