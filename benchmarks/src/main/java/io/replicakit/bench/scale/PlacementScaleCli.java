/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.testbed.cli.Cli;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment placement-scale}: its options, and the run they set up. */
public final class PlacementScaleCli implements Experiment {

  /** NNThroughputBenchmark gives DataNode {@code i} transfer port {@code i + 1}, below 32768. */
  static final int MAX_NODES = 32_000;

  @Option(names = "--policies", paramLabel = "LIST", split = ",", description = "placement policies by short name"
      + " or class name, default among them (the baseline); default: default, availablespace and ReplicaKit's"
      + " balanced and state-aware where installed")
  List<String> policies = new ArrayList<>(PlacementScaleExperiment.defaultPolicies());

  @Option(names = "--profile", paramLabel = "quick|paper", defaultValue = "quick", description = "quick (default:"
      + " 120,000 timed allocations, 2 runs) or paper (450,000, 5 runs); see docs/experiments/placement-scale.md")
  String profile;

  @Option(names = "--nodes", paramLabel = "LIST", split = ",", description = "simulated DataNodes per stage, in"
      + " racks of 20; default 1000,10000")
  List<String> nodes = new ArrayList<>(PlacementScaleExperiment.NODES.stream().map(String::valueOf).toList());

  @Option(names = "--no-edit-log-fsync", description = "the NameNode does not force its edit log to disk (default:"
      + " it does, as a real NameNode and the tool do); shows the policy's share of an allocation more")
  boolean noEditLogFsync;

  @Option(names = "--repetitions", paramLabel = "N", defaultValue = "0", description = "runs per policy and size;"
      + " default the profile's")
  int repetitions;

  @Override
  public String name() {
    return PlacementScaleExperiment.NAME;
  }

  @Override
  public String description() {
    return "placement policies at 1,000 and 10,000 DataNodes (Hadoop's NNThroughputBenchmark)";
  }

  @Override
  public String details() {
    return "Per policy and size, each on a fresh in-process NameNode: addBlock (block allocations, one chooseTarget\n"
        + "each; metric ops_per_s) and the tool's replication op (re-replication after decommissioning).";
  }

  @Override
  public void validate() {
    setup();
  }

  @Override
  public String profile() {
    return ScaleProfile.named(profile).name();
  }

  /** The parsed options, checked. */
  PlacementScaleExperiment.Setup setup() {
    ScaleProfile p = ScaleProfile.named(profile);
    if (repetitions != 0) {
      p = p.withRepetitions(Cli.inRange("--repetitions", repetitions, 1, 100));
    }
    List<String> names = Cli.list(policies);
    PlacementScaleExperiment.choices(names);
    List<Integer> sizes = Cli.list(nodes).stream().map(PlacementScaleCli::size).toList();
    if (sizes.isEmpty()) {
      throw new IllegalArgumentException("--nodes needs at least one size");
    }
    return new PlacementScaleExperiment.Setup(p, names, sizes, !noEditLogFsync);
  }

  private static int size(String text) {
    double n = Cli.number("--nodes", text, 3, MAX_NODES);
    if (n != Math.rint(n)) {
      throw new IllegalArgumentException("--nodes takes whole numbers, was " + text.trim());
    }
    return (int) n;
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    return new PlacementScaleExperiment(setup(), run).run();
  }
}
