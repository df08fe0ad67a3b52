/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.experiment.HdfsSettings;
import io.replicakit.bench.results.ExperimentResults;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment pfimbi-sharing}: its options, and the run they set up. */
public final class SharingCli implements Experiment {

  @Option(names = "--profile", paramLabel = "quick|paper", defaultValue = "quick", description = "quick (default,"
      + " about 5 minutes) or paper (three times the data per job); see docs/experiments/pfimbi-sharing.md")
  String profile;

  @Option(names = "--variants", paramLabel = "LIST", description = "comma-separated; default weights(1:1:1),"
      + " weights(1:4:16) (stage flows), positions(1:1:1), positions(100:10:1), positions(strict) (stage positions)")
  String variants;

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "six-disks", description = "cluster spec"
      + " (at least 4 DataNodes); default six-disks (6 DataNodes, 3 racks, one DISK each, a page cache)")
  String spec;

  @Mixin
  HdfsSettings settings = new HdfsSettings();

  @Override
  public String name() {
    return SharingExperiment.NAME;
  }

  @Override
  public String description() {
    return "Pfimbi's background bandwidth shared by flow weights and by pipeline position (thesis 5.4)";
  }

  @Override
  public String details() {
    return "Per variant, on a fresh cluster: three Pfimbi(3,1) TestDFSIO jobs with flow weights (job 3 after the\n"
        + "others), or one Pfimbi(4,1) job with positions served fairly or earliest first; copies landed over time.";
  }

  @Override
  public void validate() {
    SharingProfile.named(profile);
    variants();
  }

  @Override
  public String profile() {
    return SharingProfile.named(profile).name();
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    return new SharingExperiment(new SharingExperiment.Setup(SharingProfile.named(profile), variants(), spec,
        settings.map()), run).run();
  }

  private List<SharingVariant> variants() {
    return variants == null ? List.of(SharingVariant.values()) : SharingVariant.parseList(variants);
  }
}
