/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.bench.device.DeviceSnapshot;
import io.replicakit.testbed.device.VolumeStats;
import java.util.List;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;

class DiskTimelineTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long MIB = 1 << 20;

  /** Two nodes, one disk each; counters are cumulative, the node's busy time and reads as given. */
  private static DeviceSnapshot at(long seconds, long busy1, long busy2, long readMib, long dirtyMib1) {
    return new DeviceSnapshot(seconds * SECOND, List.of(
        volume("dn1", busy1, readMib, dirtyMib1, seconds), volume("dn2", busy2, 0, 0, seconds)), 0, 0, Double.NaN);
  }

  private static VolumeStats volume(String node, long busySeconds, long readMib, long dirtyMib, long seconds) {
    return new VolumeStats(node, node + "-disk", StorageType.DISK, readMib * MIB, 0, 0, busySeconds * SECOND, 0, 0,
        0, 0, seconds * SECOND, 0, dirtyMib * MIB);
  }

  private final DiskTimeline timeline = new DiskTimeline(List.of(
      at(0, 0, 0, 0, 0),
      at(1, 1, 0, 2, 10),     // dn1 busy the whole second, dn2 idle: 50 %
      at(2, 2, 1, 2, 20),     // both busy: 100 %
      at(4, 2, 1, 6, 4)));    // both idle for two seconds while dn1 read 4 MiB: 0 %

  @Test
  void busyPct_isTheVolumesMeanUtilizationPerInterval() {
    assertEquals(List.of(0.0, 1.0, 2.0, 4.0), timeline.seconds());
    assertEquals(List.of(0.0, 50.0, 100.0, 0.0), timeline.busyPct());
  }

  @Test
  void meanBusyPct_coversTheFirstSnapshotToTheLastOneNotAfterTheSpan() {
    assertEquals(75, timeline.meanBusyPct(2), 1e-9);
    assertEquals(75, timeline.meanBusyPct(3.5), 1e-9, "the snapshot at 4 s is after 3.5 s");
    assertEquals(37.5, timeline.meanBusyPct(4), 1e-9);
    assertTrue(Double.isNaN(timeline.meanBusyPct(0.5)), "no interval before 0.5 s");
  }

  @Test
  void meanCpuPct_averagesTheMachinesLoadUpToTheTime_skippingUnknownSamples() {
    DiskTimeline cpu = new DiskTimeline(List.of(
        new DeviceSnapshot(0, List.of(), 0, -1, Double.NaN),      // the JVM could not tell yet
        new DeviceSnapshot(SECOND, List.of(), 0, 0.5, Double.NaN),
        new DeviceSnapshot(2 * SECOND, List.of(), 0, 1.0, Double.NaN),
        new DeviceSnapshot(3 * SECOND, List.of(), 0, 0.0, Double.NaN)));

    assertEquals(75, cpu.meanCpuPct(2), 1e-9);
    assertEquals(50, cpu.meanCpuPct(3), 1e-9);
    assertTrue(Double.isNaN(cpu.meanCpuPct(0.5)));
  }

  @Test
  void readsAndDirtyData_areTakenAtTheSpan() {
    assertEquals(2, timeline.readMib(2), 1e-9);
    assertEquals(6, timeline.readMib(10), 1e-9);
    assertEquals(20, timeline.dirtyMib(2.5), 1e-9);
    assertEquals(List.of(0.0, 5.0, 10.0, 2.0), timeline.meanDirtyMib(), "two DataNodes, dirty data on one");
  }
}
