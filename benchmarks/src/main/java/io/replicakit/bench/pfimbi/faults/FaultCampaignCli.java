/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.experiment.HdfsSettings;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.testbed.cli.Cli;
import io.replicakit.testbed.cli.ProcessesOption;
import java.time.Duration;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment pfimbi-faults}: its options, and the campaign they set up. */
public final class FaultCampaignCli implements Experiment {

  /**
   * The default wait per stage, longer than HDFS's worst case for a re-replication whose target failed the copy:
   * the NameNode is not told, the pending entry times out after
   * {@code dfs.namenode.reconstruction.pending.timeout-sec} (300 s) and its monitor looks every min(300 s,
   * timeout), so the block is scheduled again up to 600 s after the failed copy. A stage kills a node seconds
   * after the previous one came back, so such a retry is part of a correct recovery; a shorter wait would call
   * it a failure. A stage that recovers ends its wait at once.
   */
  static final long DEFAULT_WAIT_S = 660;

  @Option(names = "--runs", paramLabel = "N", defaultValue = "1",
      description = "runs of the whole campaign, each on a fresh cluster; default ${DEFAULT-VALUE}")
  int runs;

  @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
      description = "seed of the fault schedule and of the files' contents; default ${DEFAULT-VALUE}")
  long seed;

  @Option(names = "--wait", paramLabel = "SECONDS", defaultValue = "" + DEFAULT_WAIT_S, description = "seconds each"
      + " stage waits after its fault for every file to reach n; default ${DEFAULT-VALUE}: longer than HDFS's"
      + " worst-case retry of a re-replication whose target failed, 2 x 300 s")
  long waitS;

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "six-disks",
      description = "cluster spec; default six-disks, as the pfimbi experiment")
  String spec;

  @Mixin
  HdfsSettings settings = new HdfsSettings();

  @Mixin
  ProcessesOption processes = new ProcessesOption();

  @Override
  public String name() {
    return FaultCampaign.NAME;
  }

  @Override
  public String description() {
    return "Pfimbi under DataNode kills, a full disk, a NameNode restart and renames (fault campaign)";
  }

  @Override
  public String details() {
    return "Per run, stages datanode-killed, target-killed-mid-copy, disk-full, namenode-restart, rename: Pfimbi(3,1)\n"
        + "files written with a fault injected while background copies are pending, then every file of the run\n"
        + "checked (replication, live replicas, bytes read back); see docs/experiments/pfimbi-faults.md.";
  }

  @Override
  public void validate() {
    Cli.inRange("--runs", runs, 1, 10_000);
    Cli.inRange("--wait", waitS, 1, 86_400);
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    FaultCampaign.Setup setup = new FaultCampaign.Setup(runs, seed, Duration.ofSeconds(waitS), spec,
        settings.map());
    return new FaultCampaign(setup, run, processes.mode()).run();
  }
}
