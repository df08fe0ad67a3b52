/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

import io.replicakit.common.MetricsRegistration;
import io.replicakit.common.fault.FaultGuard;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * The reporter's counters as a metrics2 source, hence also a JMX bean
 * ({@code Hadoop:service=DataNode,name=ReplicaKitMetricsReporter}): samples taken, reports accepted, rejected
 * and failed, the size of the last message, the CPU time the last sample took, and the faults caught in rounds.
 */
final class ReporterMetricsSource implements MetricsSource {

  static final String NAME = "ReplicaKitMetricsReporter";

  private static final MetricsInfo RECORD = Interns.info(NAME, "ReplicaKit system-state reporter");
  private static final MetricsInfo SAMPLES = Interns.info("Samples", "Samples taken");
  private static final MetricsInfo SENT = Interns.info("ReportsAccepted", "Samples the NameNodes accepted");
  private static final MetricsInfo REJECTED = Interns.info("ReportsRejected", "Samples the NameNodes rejected");
  private static final MetricsInfo FAILED = Interns.info("ReportFailures", "Reports that could not be delivered");
  private static final MetricsInfo OVERSIZED = Interns.info("SamplesOversized", "Samples too large to send");
  private static final MetricsInfo SOURCE_ERRORS = Interns.info("SourceErrors", "Failed counter reads");
  private static final MetricsInfo BYTES = Interns.info("LastMessageBytes", "Size of the last sample message");
  private static final MetricsInfo CPU = Interns.info("LastSampleCpuMicros", "CPU time of the last sample");
  private static final MetricsInfo FAULTS = Interns.info("RoundFaults", "Errors and bugs caught in reporting rounds");
  private static final MetricsInfo DISABLED =
      Interns.info("ReporterDisabled", "1 when the reporter stopped after persistent faults");

  private final Reporter reporter;
  private final FaultGuard guard;
  private volatile String name;

  ReporterMetricsSource(Reporter reporter, FaultGuard guard) {
    this.reporter = reporter;
    this.guard = guard;
  }

  /** Registers the reporter's counters and those of the guard of its rounds. */
  static ReporterMetricsSource register(Reporter reporter, FaultGuard guard) {
    // Embedded clusters run several DataNodes in one JVM: Hadoop then renames the second one; keep the real name.
    ReporterMetricsSource source = new ReporterMetricsSource(reporter, guard);
    source.name = MetricsRegistration.register(NAME, RECORD.description(), source);
    return source;
  }

  String name() {
    return name;
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    Reporter.Stats s = reporter.stats();
    collector.addRecord(RECORD).setContext("dfs")
        .addCounter(SAMPLES, s.samples())
        .addCounter(SENT, s.sent())
        .addCounter(REJECTED, s.rejected())
        .addCounter(FAILED, s.failures())
        .addCounter(OVERSIZED, s.oversized())
        .addCounter(SOURCE_ERRORS, s.sourceErrors())
        .addGauge(BYTES, s.lastMessageBytes())
        .addGauge(CPU, s.lastSampleCpuNanos() / 1000)
        .addCounter(FAULTS, guard.faults())
        .addGauge(DISABLED, guard.disabled() ? 1L : 0L);
  }
}
