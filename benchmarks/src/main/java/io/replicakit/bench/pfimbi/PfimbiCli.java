/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.experiment.HdfsSettings;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.testbed.cli.ProcessesOption;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment pfimbi}: its options, and the run they set up. */
public final class PfimbiCli implements Experiment {

  @Option(names = "--profile", paramLabel = "quick|paper", defaultValue = "quick", description = "quick (default,"
      + " about 5 minutes) or paper (more data per job); see docs/experiments/pfimbi.md")
  String profile;

  @Option(names = "--variants", paramLabel = "LIST", description = "comma-separated; default hdfs(3,3) (the"
      + " baseline), hdfs(1,1)+setrep(3), pfimbi(3,1); also pfimbi(3,2) (two copies synchronous),"
      + " pfimbi(3,1)-latency (activity by disk latency), pfimbi(3,1)-lifo (newest waiting block first)")
  String variants;

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "six-disks", description = "cluster spec;"
      + " default six-disks (6 DataNodes, 3 racks, one DISK each, a page cache)")
  String spec;

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "repetitions (1-20), each running"
      + " every variant on a fresh cluster; stages rep1..repN (one repetition: stage write), in a split layout"
      + " hdd-rep1.. (one repetition: hdd)")
  int repeat;

  @Option(names = "--layouts", paramLabel = "LIST", defaultValue = "shared", description = "where the primaries go,"
      + " comma-separated: shared (default: writers off-cluster, every node takes primaries and replicas), hdd, ssd"
      + " (thesis 5.1, Figs. 5.2-5.3: writers on the first rack, whose nodes take only the primaries, on DISK or"
      + " SSD; the replicas on the other racks' DISKs; e.g. --spec ssd-split --layouts hdd,ssd)")
  String layouts;

  @Option(names = "--workload", paramLabel = "dfsio|sort", defaultValue = "dfsio", description = "dfsio (default: two"
      + " TestDFSIO write jobs) or sort (one Sort job over the profile's data, its input written beforehand; thesis"
      + " 5.1-5.2, Figs. 5.5-5.6)")
  String workload;

  @Mixin
  HdfsSettings settings = new HdfsSettings();

  @Mixin
  ProcessesOption processes = new ProcessesOption();

  @Override
  public String name() {
    return PfimbiExperiment.NAME;
  }

  @Override
  public String description() {
    return "two TestDFSIO write jobs (or a Sort) under HDFS(3,3), HDFS(1,1)+setrep(3) and Pfimbi(3,1) (thesis 5.1-5.3)";
  }

  @Override
  public String details() {
    return "Per variant, on a fresh cluster: two back-to-back TestDFSIO write jobs from off-cluster (or, with\n"
        + "--layouts hdd,ssd, from the first rack onto split nodes); the time until the primary writes ended, until\n"
        + "every block had a second and a third replica; block completions over time.";
  }

  @Override
  public void validate() {
    PfimbiProfile.named(profile);
    variants();
    PrimaryLayout.parseList(layouts);
    PfimbiWorkload.of(workload);
    if (repeat < 1 || repeat > PfimbiExperiment.MAX_REPEAT) {
      throw new IllegalArgumentException("--repeat must be from 1 to " + PfimbiExperiment.MAX_REPEAT + ", was "
          + repeat);
    }
  }

  @Override
  public String profile() {
    return PfimbiProfile.named(profile).name();
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    PfimbiExperiment.Setup setup = new PfimbiExperiment.Setup(PfimbiProfile.named(profile), variants(), spec,
        settings.map(), repeat, PrimaryLayout.parseList(layouts), PfimbiWorkload.of(workload));
    return new PfimbiExperiment(setup, run, processes.mode()).run();
  }

  private List<PfimbiVariant> variants() {
    return variants == null ? PfimbiVariant.DEFAULTS : PfimbiVariant.parseList(variants);
  }
}
