/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.experiment.HdfsSettings;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.testbed.cli.ProcessesOption;
import io.replicakit.testbed.cluster.ClusterMode;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment write-approaches}: its options, and the run they set up. */
public final class WriteApproachesCli implements Experiment {

  @Option(names = "--profile", paramLabel = "quick|paper", defaultValue = "quick", description = "quick (default: 9"
      + " files of 8 MiB per write, 2 repetitions) or paper (9 files of 32 MiB, 3 repetitions); both RF 3 and 2 with"
      + " 1 and 2 MiB blocks (the paper's 64 and 128 MB at 1/64); see docs/experiments/write-approaches.md")
  String profile;

  @Option(names = "--variants", paramLabel = "LIST", defaultValue = "all", description = "comma-separated: pipeline"
      + " (HDFS's, the baseline), broadcast, master-slave; default all")
  String variants;

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "nine-nodes", description = "cluster spec;"
      + " default nine-nodes (the paper's 9 DataNodes in 3 racks, GbE scaled; nine-nodes-switch: uplinks not"
      + " oversubscribed)")
  String spec;

  @Option(names = "--repeat", paramLabel = "N", description = "repetitions, each on a fresh cluster (1-100);"
      + " default the profile's")
  Integer repeat;

  @Mixin
  HdfsSettings settings = new HdfsSettings();

  @Mixin
  ProcessesOption processes = new ProcessesOption();

  @Override
  public String name() {
    return WriteApproachesExperiment.NAME;
  }

  @Override
  public String description() {
    return "TestDFSIO writes under pipeline, broadcast and master/slave replication (approaches paper Fig. 5)";
  }

  @Override
  public String details() {
    return "Per repetition, on a fresh cluster: a TestDFSIO write with its maps on the DataNodes for every variant,\n"
        + "replication factor and block size, each read back through HDFS's own client and checked with fsck.";
  }

  @Override
  public void validate() {
    WriteProfile.named(profile);
    List<WriteVariant> chosen = WriteVariant.parseList(variants);
    if (repeat != null && (repeat < 1 || repeat > 100)) {
      throw new IllegalArgumentException("--repeat must be in 1..100, was " + repeat);
    }
    // In the embedded mode every class runs here; the processes mode checks the installable jar as it starts.
    if (processes.mode() == ClusterMode.EMBEDDED) {
      WriterClasses.detect(ClusterMode.EMBEDDED).require(chosen);
    }
  }

  @Override
  public String profile() {
    return WriteProfile.named(profile).name();
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    WriteProfile chosen = WriteProfile.named(profile);
    WriteApproachesExperiment.Setup setup = new WriteApproachesExperiment.Setup(chosen,
        WriteVariant.parseList(variants), spec, repeat == null ? chosen.repetitions() : repeat, settings.map());
    return new WriteApproachesExperiment(setup, run, processes.mode()).run();
  }
}
