/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.namenode;

/** The coordinator's state over JMX ({@code Hadoop:service=NameNode,name=ReplicaKitPfimbi}). */
public interface PfimbiCoordinatorMXBean {

  long getFilesTracked();

  long getBlocksStarted();

  long getFilesCompleted();

  long getFilesFellBack();
  /** Files whose raise the NameNode refused for good (a space quota): they keep their written replication. */
  long getFilesRefused();

  /** Files below their target being replicated now. */
  int getFilesInProgress();

  /** Files a sweep found below their target without being tracked (each would have stayed under-replicated). */
  long getFilesRecovered();

  long getSweepsCompleted();

  /** Files below their target found by the last completed sweep, tracked or not. */
  long getLastSweepFilesBelowTarget();

  /** Coordinator rounds held because a live DataNode had not reported its blocks to this NameNode. */
  long getRoundsHeldForBlockReports();

  /** Waits for DataNodes' block reports that ran out ({@code replicakit.pfimbi.block.report.wait.ms}). */
  long getBlockReportWaitsExpired();

  int getProtectedBlocks();

  long getExcessDeletionsVetoed();

  /** Written files not noted because too many were waiting (a sweep finds them later). */
  long getDroppedPaths();

  /** Coordinator rounds that failed with an exception or error. */
  long getScanFaults();

  /** Faults in the placement wrapper's hooks (HDFS's own answer stood each time). */
  long getHookFaults();
}
