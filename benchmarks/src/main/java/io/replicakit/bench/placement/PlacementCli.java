/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.testbed.cli.ProcessesOption;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment placement}: its options, and the run they set up. */
public final class PlacementCli implements Experiment {

  @Option(names = "--policies", paramLabel = "LIST", defaultValue = "all", description = "comma-separated short"
      + " names or class names; default all: HDFS's five policies of the paper (default, rackfaulttolerant,"
      + " availablespace, nodegroup, upgradedomain); also availablespace-rackfaulttolerant or any"
      + " BlockPlacementPolicyDefault subclass")
  String policies;

  @Option(names = "--profile", paramLabel = "quick|paper", defaultValue = "quick", description = "quick (default:"
      + " the five policies in under 15 minutes) or paper (the paper's setup scaled by 1/1024; see"
      + " docs/experiments/placement.md)")
  String profile;

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "paper", description = "cluster spec; default"
      + " paper (10 DataNodes in 4 racks, two hardware classes)")
  String spec;

  @Mixin
  ProcessesOption processes = new ProcessesOption();

  @Override
  public String name() {
    return PlacementExperiment.NAME;
  }

  @Override
  public String description() {
    return "HDFS's placement policies through load, re-replication and balancing (placement paper)";
  }

  @Override
  public String details() {
    return "Stages per policy, each on a fresh cluster: load (TestDFSIO write from a node in rack 1, then\n"
        + "reads), re-replication (kill one DataNode in rack 1 and one in rack 3), balancing (HDFS Balancer).";
  }

  @Override
  public void validate() {
    PlacementProfile.named(profile);
    PlacementExperiment.policies(policies);
  }

  @Override
  public String profile() {
    return PlacementProfile.named(profile).name();
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    PlacementExperiment.Setup setup = new PlacementExperiment.Setup(
        PlacementProfile.named(profile).forMode(processes.mode()),
        PlacementExperiment.policies(policies), spec);
    return new PlacementExperiment(setup, run, processes.mode()).run();
  }
}
