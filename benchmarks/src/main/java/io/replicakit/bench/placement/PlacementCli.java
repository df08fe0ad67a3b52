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

  @Option(names = "--balancer", paramLabel = "LIST", defaultValue = "hdfs", description = "stage 3's balancers,"
      + " comma-separated: hdfs (HDFS's Balancer, the paper's; default), replicakit (balancer-ext: rack diversity"
      + " and node load). With both, each policy runs once per balancer; results stages balancing and"
      + " balancing-replicakit")
  String balancers;

  @Option(names = "--balancer-threshold", paramLabel = "PCT", description = "the balancers' -threshold, percentage"
      + " points of utilization (1-100); default 10, the paper's")
  Double balancerThreshold;

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
        + "reads), re-replication (kill one DataNode in rack 1 and one in rack 3), balancing (HDFS Balancer,\n"
        + "and/or ReplicaKit's with --balancer).";
  }

  @Override
  public void validate() {
    PlacementProfile.named(profile);
    PlacementExperiment.policies(policies);
    BalancerChoice.parse(balancers);
    if (balancerThreshold != null && (balancerThreshold < 1 || balancerThreshold > 100)) {
      throw new IllegalArgumentException("--balancer-threshold must be in [1, 100], as the Balancer's -threshold: "
          + balancerThreshold);
    }
  }

  @Override
  public String profile() {
    return PlacementProfile.named(profile).name();
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    PlacementProfile chosen = PlacementProfile.named(profile).forMode(processes.mode());
    if (balancerThreshold != null) {
      chosen = chosen.withThreshold(balancerThreshold);
    }
    PlacementExperiment.Setup setup = new PlacementExperiment.Setup(chosen, PlacementExperiment.policies(policies),
        spec, BalancerChoice.parse(balancers));
    return new PlacementExperiment(setup, run, processes.mode()).run();
  }
}
