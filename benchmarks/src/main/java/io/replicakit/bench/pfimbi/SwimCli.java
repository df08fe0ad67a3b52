/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.experiment.HdfsSettings;
import io.replicakit.bench.results.ExperimentResults;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment pfimbi-swim}: its options, and the run they set up. */
public final class SwimCli implements Experiment {

  /**
   * Trace sizes are divided by this and times by {@link #TIME_COMPRESSION} (69 minutes of submissions in 103 s):
   * with three copies the replay then writes on average about 5 % of six-disks's disk bandwidth (24 MiB/s) at
   * scale 1, a light load, 19 % at 4 and 75 % at 16, a heavy one. The thesis gives no disk speeds, so these
   * are chosen for the loads it describes (§5.1: light at 1-2, saturated at 16), not derived from its cluster.
   */
  static final double BYTES_DIVISOR = 8000;
  static final double TIME_COMPRESSION = 40;

  @Option(names = "--scales", paramLabel = "LIST", defaultValue = "1,2,4,8,16", description = "workload scaling"
      + " factors, comma-separated, each a stage (x1, x2, ...); default the thesis's 1,2,4,8,16 (about 30 minutes)")
  String scales;

  @Option(names = "--variants", paramLabel = "LIST", description = "comma-separated; default hdfs(3,3) (the"
      + " baseline), pfimbi(3,1); also hdfs(1,1)+setrep(3) (setReplication(3) as each job ends) and the other"
      + " variants of experiment pfimbi")
  String variants;

  @Option(names = "--jobs", paramLabel = "N", defaultValue = "100", description = "the trace's first N jobs (1-100);"
      + " default 100, as the thesis")
  int jobs;

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "six-disks", description = "cluster spec;"
      + " default six-disks (6 DataNodes, 3 racks, one DISK each, a page cache)")
  String spec;

  @Mixin
  HdfsSettings settings = new HdfsSettings();

  @Override
  public String name() {
    return SwimExperiment.NAME;
  }

  @Override
  public String description() {
    return "SWIM's Facebook 2009 trace replayed under HDFS(3,3) and Pfimbi(3,1) at several loads (thesis Fig. 5.4)";
  }

  @Override
  public String details() {
    return "Per scaling factor and variant, on a fresh cluster: the trace's first 100 jobs at their (compressed)\n"
        + "submission times, each reading its input and writing its output through the DFS; the jobs' runtimes and\n"
        + "when every block had three copies.";
  }

  @Override
  public void validate() {
    scales();
    variants();
    if (jobs < 1 || jobs > 100) {
      throw new IllegalArgumentException("--jobs must be from 1 to 100, was " + jobs);
    }
  }

  @Override
  public String profile() {
    return "trace";
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    SwimPlan plan = new SwimPlan(1, BYTES_DIVISOR, TIME_COMPRESSION, SwimExperiment.BLOCK_BYTES, 6);
    return new SwimExperiment(new SwimExperiment.Setup(scales(), variants(), spec, settings.map(), plan, jobs), run)
        .run();
  }

  private List<Double> scales() {
    List<Double> list;
    try {
      list = Arrays.stream(scales.split(",")).map(String::trim).filter(s -> !s.isEmpty()).map(Double::valueOf)
          .toList();
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--scales must list numbers, was '" + scales + "'", e);
    }
    if (list.isEmpty() || list.stream().anyMatch(s -> !(s > 0) || s > 64)) {
      throw new IllegalArgumentException("--scales must list factors from above 0 to 64, was '" + scales + "'");
    }
    return list;
  }

  private List<PfimbiVariant> variants() {
    return variants == null ? List.of(PfimbiVariant.HDFS_33, PfimbiVariant.PFIMBI_31)
        : PfimbiVariant.parseList(variants);
  }
}
