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

  @Option(names = "--workload", paramLabel = "read|write", defaultValue = "read", description = "read (default:"
      + " read policies, TestDFSIO reads) or write (placement policies, TestDFSIO writes; stages none, io-stress)")
  String workload;

  @Option(names = "--policies", paramLabel = "LIST", split = ",", description = "read: read policies, default"
      + " network-distance (HDFS, the baseline), system-state, combined, and on a spec with SSD volumes"
      + " network-distance, storage-type, drr, system-state, combined; write: placement policies with default"
      + " (the baseline), default default,state-aware where installed")
  List<String> policies;

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "small", description = "cluster spec with"
      + " DISK volumes; default ${DEFAULT-VALUE} (DISK only: data HOT); one-ssd (SSD and DISK per node): data"
      + " One_SSD, as the read-selection experiment writes it")
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
        + "most replicas), cpu-mem-io-stress (the same plus emulated 95 % CPU and memory use in its metrics).\n"
        + "--spec one-ssd: data written One_SSD, every volume of the stressed node loaded, storage-type and drr\n"
        + "added to the default policies; ratios are against network-distance in the same run. Example:\n"
        + "  bin/replicakit experiment hotspot --spec one-ssd --out docs/experiments/hotspot/one-ssd\n"
        + "--workload write: TestDFSIO writes per placement policy in stages none and io-stress, the stressed node\n"
        + "the one the default policy used most in a warm-up write.";
  }

  @Override
  public void validate() {
    HotspotProfile.named(profile);
    if (write()) {
      HotspotWriteExperiment.requireKnown(policies());
    } else {
      policies().forEach(ReadSelectionCli::requireKnown);
    }
  }

  private boolean write() {
    return switch (workload) {
      case "read" -> false;
      case "write" -> true;
      default -> throw new IllegalArgumentException("--workload must be read or write, was '" + workload + "'");
    };
  }

  /** The policies given, or the workload's defaults. */
  List<String> policies() {
    if (policies != null) {
      return Cli.list(policies);
    }
    if (write()) {
      return HotspotWriteExperiment.defaultPolicies();
    }
    return HotspotExperiment.defaultPolicies(ReadSpecs.load(spec, specSettings, Double.NaN, Double.NaN));
  }

  @Override
  public String profile() {
    return HotspotProfile.named(profile).name();
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    HotspotExperiment.Setup setup = new HotspotExperiment.Setup(HotspotProfile.named(profile), policies(),
        spec, specSettings, settings.map());
    if (write()) {
      return new HotspotWriteExperiment(setup, run, processes.mode()).run();
    }
    return new HotspotExperiment(setup, run, processes.mode()).run();
  }
}
