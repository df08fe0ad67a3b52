/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.namenode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.impl.MetricsRecordImpl;
import org.junit.jupiter.api.Test;

/** Every coordinator figure reaches metrics2 under its JMX name, in the {@code dfs} context. */
class CoordinatorMetricsSourceTest {

  @Test
  void everyFigure_isPublishedUnderItsName() {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    new CoordinatorMetricsSource(new Fixed()).getMetrics(collector, true);

    MetricsRecordImpl record = collector.getRecords().get(0);
    assertEquals(CoordinatorMetricsSource.NAME, record.name());
    assertEquals("dfs", record.context());
    Map<String, Number> values = new HashMap<>();
    for (AbstractMetric m : record.metrics()) {
      values.put(m.name(), m.value());
    }
    assertEquals(Map.ofEntries(Map.entry("FilesTracked", 1L), Map.entry("BlocksStarted", 2L),
        Map.entry("FilesCompleted", 3L), Map.entry("FilesFellBack", 4L), Map.entry("FilesInProgress", 5),
        Map.entry("FilesRecovered", 6L), Map.entry("SweepsCompleted", 7L),
        Map.entry("LastSweepFilesBelowTarget", 8L), Map.entry("ProtectedBlocks", 9),
        Map.entry("ExcessDeletionsVetoed", 10L), Map.entry("DroppedPaths", 11L), Map.entry("ScanFaults", 12L),
        Map.entry("HookFaults", 13L), Map.entry("RoundsHeldForBlockReports", 14L),
        Map.entry("BlockReportWaitsExpired", 15L), Map.entry("FilesRefused", 16L)), values);
  }

  /** A coordinator whose figures are 1, 2, 3, ... in the order of the bean's attributes. */
  private static final class Fixed implements PfimbiCoordinatorMXBean {
    public long getFilesTracked() {
      return 1;
    }

    public long getBlocksStarted() {
      return 2;
    }

    public long getFilesCompleted() {
      return 3;
    }

    public long getFilesFellBack() {
      return 4;
    }

    public int getFilesInProgress() {
      return 5;
    }

    public long getFilesRecovered() {
      return 6;
    }

    public long getSweepsCompleted() {
      return 7;
    }

    public long getLastSweepFilesBelowTarget() {
      return 8;
    }

    public int getProtectedBlocks() {
      return 9;
    }

    public long getExcessDeletionsVetoed() {
      return 10;
    }

    public long getDroppedPaths() {
      return 11;
    }

    public long getScanFaults() {
      return 12;
    }

    public long getHookFaults() {
      return 13;
    }

    public long getRoundsHeldForBlockReports() {
      return 14;
    }

    public long getBlockReportWaitsExpired() {
      return 15;
    }

    public long getFilesRefused() {
      return 16;
    }
  }
}
