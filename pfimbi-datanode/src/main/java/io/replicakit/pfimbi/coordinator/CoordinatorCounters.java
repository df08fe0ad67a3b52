/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What the coordinator has done, for JMX and metrics2: written by the scan thread, read by any.
 *
 * <p>{@code filesRecovered} counts files the sweep found below their target without being tracked: each one is a
 * file that would have stayed under-replicated (after a restart, a failover, or a write the coordinator missed).
 */
public final class CoordinatorCounters {

  /** A consistent-enough reading of every counter. */
  public record Snapshot(long filesTracked, long blocksStarted, long filesCompleted, long filesFellBack,
      int filesInProgress, long filesRecovered, long sweepsCompleted, long lastSweepFilesBelowTarget,
      long roundsHeldForBlockReports, long blockReportWaitsExpired, long filesRefused) {}

  private final AtomicLong filesTracked = new AtomicLong();
  private final AtomicLong blocksStarted = new AtomicLong();
  private final AtomicLong filesCompleted = new AtomicLong();
  private final AtomicLong filesFellBack = new AtomicLong();
  private final AtomicLong filesRecovered = new AtomicLong();
  private final AtomicLong sweepsCompleted = new AtomicLong();
  private final AtomicLong roundsHeldForBlockReports = new AtomicLong();
  private final AtomicLong blockReportWaitsExpired = new AtomicLong();
  private final AtomicLong filesRefused = new AtomicLong();
  private volatile long lastSweepFilesBelowTarget;
  private volatile int filesInProgress;

  void tracked() {
    filesTracked.incrementAndGet();
  }

  void blockStarted() {
    blocksStarted.incrementAndGet();
  }

  void completed() {
    filesCompleted.incrementAndGet();
  }

  void fellBack() {
    filesFellBack.incrementAndGet();
  }

  void refused() {
    filesRefused.incrementAndGet();
  }

  void recovered() {
    filesRecovered.incrementAndGet();
  }

  void sweepCompleted(long filesBelowTarget) {
    sweepsCompleted.incrementAndGet();
    lastSweepFilesBelowTarget = filesBelowTarget;
  }

  void heldForBlockReports() {
    roundsHeldForBlockReports.incrementAndGet();
  }

  void blockReportWaitExpired() {
    blockReportWaitsExpired.incrementAndGet();
  }

  void filesInProgress(int n) {
    filesInProgress = n;
  }

  public Snapshot snapshot() {
    return new Snapshot(filesTracked.get(), blocksStarted.get(), filesCompleted.get(), filesFellBack.get(),
        filesInProgress, filesRecovered.get(), sweepsCompleted.get(), lastSweepFilesBelowTarget,
        roundsHeldForBlockReports.get(), blockReportWaitsExpired.get(), filesRefused.get());
  }
}
