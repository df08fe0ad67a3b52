/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.datanode;

import static org.apache.hadoop.test.MetricsAsserts.assertCounter;
import static org.apache.hadoop.test.MetricsAsserts.assertGauge;
import static org.apache.hadoop.test.MetricsAsserts.getMetrics;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.pfimbi.manager.ReplicationManager;
import java.util.Map;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.junit.jupiter.api.Test;

/** The source as a metrics2 collector reads it: one record, each manager's metrics under its storage type. */
class ReplicationManagerMetricsSourceTest {

  private static ReplicationManager.Status status(String type, boolean disabled) {
    return new ReplicationManager.Status(type, 3, 2, 2048, 10, 7, 7168, 1, 2, 3, 9, 4, 5, 6, disabled, 1.5, 2.0, 4, 8,
        11);
  }

  @Test
  void everyManagersFiguresAreCollected_underItsStorageType() {
    ReplicationManagerMetricsSource source = new ReplicationManagerMetricsSource(
        () -> Map.of("DISK", status("DISK", false), "RAM_DISK", status("RAM_DISK", true)), () -> 12, () -> 1);

    MetricsRecordBuilder rb = getMetrics(source);

    assertCounter("SamplerFaults", 12L, rb);
    assertGauge("SamplerDisabled", 1L, rb);
    assertGauge("DiskQueuedNotices", 3L, rb);
    assertGauge("DiskBufferedBlocks", 2L, rb);
    assertGauge("DiskBufferedBytes", 2048L, rb);
    assertCounter("DiskBlocksFetched", 10L, rb);
    assertCounter("DiskBlocksWritten", 7L, rb);
    assertCounter("DiskBytesWritten", 7168L, rb);
    assertCounter("DiskBlocksSynced", 4L, rb);
    assertCounter("DiskFetchFailures", 1L, rb);
    assertCounter("DiskWriteFailures", 2L, rb);
    assertCounter("DiskForwardFailures", 3L, rb);
    assertCounter("DiskNoticesRefused", 9L, rb);
    assertCounter("DiskNoticesDroppedQueueFull", 4L, rb);
    assertCounter("DiskNoticesRefusedNoSpace", 5L, rb);
    assertCounter("DiskNoticesRenewed", 8L, rb);
    assertCounter("DiskBlocksAlreadyStored", 11L, rb);
    assertCounter("DiskFaultsCaught", 6L, rb);
    assertGauge("DiskDisabled", 0L, rb);
    assertGauge("RamDiskDisabled", 1L, rb);
  }

  @Test
  void storageTypeNames_becomeMetricPrefixes() {
    assertEquals("Disk", ReplicationManagerMetricsSource.prefix("DISK"));
    assertEquals("RamDisk", ReplicationManagerMetricsSource.prefix("RAM_DISK"));
    assertEquals("Nvdimm", ReplicationManagerMetricsSource.prefix("NVDIMM"));
  }
}
