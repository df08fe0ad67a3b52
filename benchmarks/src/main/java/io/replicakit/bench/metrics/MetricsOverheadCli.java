/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.metrics;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.testbed.cli.Cli;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment metrics-overhead}: its options, and the run they set up. */
public final class MetricsOverheadCli implements Experiment {

  @Option(names = "--samples", paramLabel = "N", defaultValue = "300",
      description = "OSHI samples per variant; default ${DEFAULT-VALUE}")
  int samples;

  @Option(names = "--nodes", paramLabel = "N", defaultValue = "10000",
      description = "DataNodes in the registry stage; default ${DEFAULT-VALUE}")
  int nodes;

  @Override
  public String name() {
    return MetricsOverhead.NAME;
  }

  @Override
  public String description() {
    return "what the heartbeat-metrics side channel costs on this machine (no cluster)";
  }

  @Override
  public String details() {
    return "Measures the heartbeat-metrics side channel on this machine: CPU time per sample, bytes per message,\n"
        + "encode/decode time, NameNode heap per DataNode and the cost of one registry lookup.";
  }

  @Override
  public void validate() {
    Cli.inRange("--samples", samples, 1, 1_000_000);
    Cli.inRange("--nodes", nodes, 1, 10_000_000);
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    return new MetricsOverhead(new MetricsOverhead.Setup(samples, nodes), run).run();
  }
}
