/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.namenode;

import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * The coordinator as a metrics2 source ({@code ReplicaKitPfimbiCoordinator}), for the sinks and dashboards
 * operators already run: files in progress and recovered are the signals that something is below its target.
 */
final class CoordinatorMetricsSource implements MetricsSource {

  static final String NAME = "ReplicaKitPfimbiCoordinator";

  private static final MetricsInfo RECORD = Interns.info(NAME, "ReplicaKit Pfimbi coordinator");

  private final PfimbiCoordinatorMXBean bean;

  CoordinatorMetricsSource(PfimbiCoordinatorMXBean bean) {
    this.bean = bean;
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    collector.addRecord(RECORD).setContext("dfs")
        .addCounter(info("FilesTracked", "Pfimbi files tracked"), bean.getFilesTracked())
        .addCounter(info("BlocksStarted", "Background pipelines started"), bean.getBlocksStarted())
        .addCounter(info("FilesCompleted", "Files raised to their target after their copies landed"),
            bean.getFilesCompleted())
        .addCounter(info("FilesFellBack", "Files handed to HDFS re-replication"), bean.getFilesFellBack())
        .addCounter(info("FilesRefused", "Files whose raise a quota refused (left at their written replication)"),
            bean.getFilesRefused())
        .addGauge(info("FilesInProgress", "Files below their target being replicated"), bean.getFilesInProgress())
        .addCounter(info("FilesRecovered", "Files found below target by a sweep without being tracked"),
            bean.getFilesRecovered())
        .addCounter(info("SweepsCompleted", "Sweeps of the marked directories completed"),
            bean.getSweepsCompleted())
        .addGauge(info("LastSweepFilesBelowTarget", "Files below target found by the last sweep"),
            bean.getLastSweepFilesBelowTarget())
        .addCounter(info("RoundsHeldForBlockReports", "Rounds held until live DataNodes reported their blocks"),
            bean.getRoundsHeldForBlockReports())
        .addCounter(info("BlockReportWaitsExpired", "Waits for block reports that ran out"),
            bean.getBlockReportWaitsExpired())
        .addGauge(info("ProtectedBlocks", "Blocks kept from excess deletion"), bean.getProtectedBlocks())
        .addCounter(info("ExcessDeletionsVetoed", "Excess deletions refused"), bean.getExcessDeletionsVetoed())
        .addCounter(info("DroppedPaths", "Written files not noted (queue full)"), bean.getDroppedPaths())
        .addCounter(info("ScanFaults", "Coordinator rounds that failed"), bean.getScanFaults())
        .addCounter(info("HookFaults", "Placement hook faults (HDFS's answer stood)"), bean.getHookFaults());
  }

  private static MetricsInfo info(String name, String description) {
    return Interns.info(name, description);
  }
}
