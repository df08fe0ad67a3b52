/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.namenode;

import io.replicakit.common.fault.FaultGuard;
import io.replicakit.common.state.NodeState;
import io.replicakit.metrics.registry.SystemStateRegistry;
import io.replicakit.metrics.wire.Rejection;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * The registry's counters as a metrics2 source ({@code ReplicaKitSystemStateRegistry}): samples accepted,
 * rejected per reason, and how many DataNodes are tracked, fresh and stale.
 */
final class RegistryMetricsSource implements MetricsSource {

  static final String NAME = "ReplicaKitSystemStateRegistry";

  private static final MetricsInfo RECORD = Interns.info(NAME, "ReplicaKit system-state registry");
  private static final MetricsInfo ACCEPTED = Interns.info("SamplesAccepted", "Samples accepted");
  private static final MetricsInfo NODES = Interns.info("Nodes", "DataNodes with a sample");
  private static final MetricsInfo FRESH = Interns.info("FreshNodes", "DataNodes with a fresh sample");
  private static final MetricsInfo STALE = Interns.info("StaleNodes", "DataNodes whose sample is stale");

  private static final MetricsInfo SWEEP_FAULTS = Interns.info("SweepFaults", "Errors and bugs caught in sweeps");
  private static final MetricsInfo SWEEP_DISABLED =
      Interns.info("SweeperDisabled", "1 when sweeps stopped after persistent faults");

  private final SystemStateRegistry registry;
  private final FaultGuard sweepGuard;

  RegistryMetricsSource(SystemStateRegistry registry, FaultGuard sweepGuard) {
    this.registry = registry;
    this.sweepGuard = sweepGuard;
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    List<NodeState> nodes = registry.all();
    long fresh = nodes.stream().filter(n -> !n.stale()).count();
    MetricsRecordBuilder record = collector.addRecord(RECORD).setContext("dfs")
        .addCounter(ACCEPTED, registry.acceptedCount())
        .addGauge(NODES, nodes.size())
        .addGauge(FRESH, fresh)
        .addGauge(STALE, nodes.size() - fresh)
        .addCounter(SWEEP_FAULTS, sweepGuard.faults())
        .addGauge(SWEEP_DISABLED, sweepGuard.disabled() ? 1L : 0L);
    for (Rejection r : Rejection.values()) {
      record.addCounter(Interns.info("Rejected" + camel(r), "Samples rejected as " + r), registry.rejectedCount(r));
    }
  }

  private static String camel(Rejection r) {
    StringBuilder b = new StringBuilder();
    for (String part : r.name().toLowerCase(Locale.ROOT).split("_")) {
      b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
    }
    return b.toString();
  }
}
