/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import static io.replicakit.bench.read.Snapshots.SECOND;
import static io.replicakit.bench.read.Snapshots.at;
import static io.replicakit.bench.read.Snapshots.volume;
import static org.apache.hadoop.fs.StorageType.ARCHIVE;
import static org.apache.hadoop.fs.StorageType.DISK;
import static org.apache.hadoop.fs.StorageType.SSD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class UtilizationTimelineTest {

  private static final long MIB = 1 << 20;

  /**
   * Two nodes, each an SSD and a DISK, over three one-second intervals: the SSDs are busy 50 % then 100 % then
   * idle; dn01's DISK is busy all the time, dn02's never; a control file of 100 bytes is read in the first second.
   */
  private static UtilizationTimeline timeline() {
    return new UtilizationTimeline(List.of(
        at(0, 0, Double.NaN, volume("dn01", SSD, 0, 0, 0), volume("dn01", DISK, 0, 0, 0),
            volume("dn02", SSD, 0, 0, 0), volume("dn02", DISK, 0, 0, 0)),
        at(SECOND, SECOND / 2, 5, volume("dn01", SSD, 0, SECOND / 2, SECOND),
            volume("dn01", DISK, 100, SECOND, SECOND), volume("dn02", SSD, 0, SECOND / 2, SECOND),
            volume("dn02", DISK, 0, 0, SECOND)),
        at(2 * SECOND, SECOND, 6, volume("dn01", SSD, 10 * MIB, 3 * SECOND / 2, 2 * SECOND),
            volume("dn01", DISK, 2 * MIB + 100, 2 * SECOND, 2 * SECOND),
            volume("dn02", SSD, 10 * MIB, 3 * SECOND / 2, 2 * SECOND), volume("dn02", DISK, 0, 0, 2 * SECOND)),
        at(3 * SECOND, 3 * SECOND / 2, 6, volume("dn01", SSD, 10 * MIB, 3 * SECOND / 2, 3 * SECOND),
            volume("dn01", DISK, 4 * MIB + 100, 3 * SECOND, 3 * SECOND),
            volume("dn02", SSD, 10 * MIB, 3 * SECOND / 2, 3 * SECOND), volume("dn02", DISK, 0, 0, 3 * SECOND))));
  }

  @Test
  void utilizationOverTime_isTheMeanOfEachTypesVolumesPerInterval() {
    UtilizationTimeline t = timeline();
    assertEquals(List.of(1.0, 2.0, 3.0), t.seconds());
    assertEquals(List.of(50.0, 100.0, 0.0), t.utilizationPct(SSD));
    assertEquals(List.of(50.0, 50.0, 50.0), t.utilizationPct(DISK));
    assertEquals(List.of(Double.NaN, Double.NaN, Double.NaN), t.utilizationPct(ARCHIVE));
  }

  @Test
  void averages_areBusyTimeOverTheWholeTimeline() {
    UtilizationTimeline t = timeline();
    assertEquals(50.0, t.averagePct(SSD), 1e-9);
    assertEquals(50.0, t.averagePct(DISK), 1e-9);
    assertEquals(List.of(75.0, 100.0, 50.0), t.nodeUtilizationPct("dn01"));
    assertEquals(List.of("dn01", "dn02"), t.nodes());
  }

  @Test
  void bytesRead_comeFromTheDeviceCounters_byTypeAndNode() {
    UtilizationTimeline t = timeline();
    assertEquals(24 * MIB + 100, t.bytesRead());
    assertEquals(20 * MIB, t.bytesRead(SSD));
    assertEquals(4 * MIB + 100, t.bytesRead(DISK));
    assertEquals(14 * MIB + 100, t.bytesReadOnNode("dn01"));
  }

  @Test
  void readSpan_ignoresTinyReads_andCpuIsPerWallSecond() {
    UtilizationTimeline t = timeline();
    // The 100-byte control file in the first second does not start the read; data flows in seconds 2 and 3.
    assertEquals(2.0, t.readSpanSeconds(), 1e-9);
    assertEquals(3.0, t.durationSeconds(), 1e-9);
    assertEquals(0.5, t.jvmCpuCores(), 1e-9);
    assertEquals(50.0, t.machineCpuPct(), 1e-9);
    assertEquals(List.of(5.0, 6.0, 6.0), t.weights());
  }

  @Test
  void fewerThanTwoSnapshots_haveNoRates() {
    UtilizationTimeline t = new UtilizationTimeline(List.of(at(0, 0, Double.NaN, volume("dn01", SSD, 0, 0, 0))));
    assertTrue(t.isEmpty());
    assertTrue(Double.isNaN(t.averagePct(SSD)));
    assertEquals(0, t.bytesRead());
    assertEquals(0.0, t.readSpanSeconds());
    assertTrue(Double.isNaN(t.jvmCpuCores()));
  }
}
