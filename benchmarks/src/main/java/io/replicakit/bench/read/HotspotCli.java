/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.experiment.HdfsSettings;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.testbed.cli.Cli;
import io.replicakit.testbed.cli.ProcessesOption;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment hotspot}: its options, and the run they set up. */
public final class HotspotCli implements Experiment {

  @Option(names = "--profile", paramLabel = "quick|paper", defaultValue = "quick", description = "quick (default)"
      + " or paper (the paper's 5 files and 3 repetitions); see docs/experiments/hotspot.md")
  String profile;

  @Option(names = "--policies", paramLabel = "LIST", split = ",", description = "default network-distance (HDFS,"
      + " the baseline), system-state, combined")
  List<String> policies = new ArrayList<>(HotspotExperiment.POLICIES);

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "small",
      description = "DISK-only cluster spec; default ${DEFAULT-VALUE}")
  String spec;

  @Option(names = "--spec-set", paramLabel = "FIELD=VALUE", description = "spec override (repeatable)")
  List<String> specSettings = new ArrayList<>();

  @Mixin
  HdfsSettings settings = new HdfsSettings();

  @Mixin
  ProcessesOption processes = new ProcessesOption();

  @Override
  public String name() {
    return HotspotExperiment.NAME;
  }

  @Override
  public String description() {
    return "read policies with one stressed DataNode (hotspot paper)";
  }

  @Override
  public String details() {
    return "Stages per policy: none, io-stress (background load above the device speed on the DataNode holding the\n"
        + "most replicas), cpu-mem-io-stress (the same plus emulated 95 % CPU and memory use in its metrics).";
  }

  @Override
  public void validate() {
    HotspotProfile.named(profile);
    Cli.list(policies).forEach(ReadSelectionCli::requireKnown);
  }

  @Override
  public String profile() {
    return HotspotProfile.named(profile).name();
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    HotspotExperiment.Setup setup = new HotspotExperiment.Setup(HotspotProfile.named(profile), Cli.list(policies),
        spec, specSettings, settings.map());
    return new HotspotExperiment(setup, run, processes.mode()).run();
  }
}
