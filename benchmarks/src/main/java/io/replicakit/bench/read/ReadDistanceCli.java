/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.experiment.HdfsSettings;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.testbed.cli.ProcessesOption;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.Sizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment read-distance}: its options, and the run they set up. */
public final class ReadDistanceCli implements Experiment {

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "one-ssd-two-racks", description = "cluster"
      + " spec with SSD and DISK volumes and a rack of at least two DataNodes; default one-ssd-two-racks (the"
      + " paper's two racks; links shaped with --processes)")
  String spec;

  @Option(names = "--spec-set", paramLabel = "FIELD=VALUE", description = "spec override (repeatable), e.g."
      + " net.rack.uplink=48Mbit/s")
  List<String> specSettings = new ArrayList<>();

  @Option(names = "--reader", paramLabel = "DATANODE", description = "the DataNode the reader runs on; default"
      + " the first one whose rack has another")
  String reader;

  @Option(names = "--size", paramLabel = "MIB", defaultValue = "16", description = "MiB per cell's file (1 MiB"
      + " blocks); default 16")
  int sizeMib;

  @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", description = "reads of each cell; default 3")
  int repetitions;

  @Mixin
  HdfsSettings settings = new HdfsSettings();

  @Mixin
  ProcessesOption processes = new ProcessesOption();

  @Override
  public String name() {
    return ReadDistanceExperiment.NAME;
  }

  @Override
  public String description() {
    return "one stream's read throughput from SSD and DISK by network distance (read paper Fig. 2)";
  }

  @Override
  public String details() {
    return "Six files of one replica each, written on the node that holds it; TestDFSIO with one map on the reader's\n"
        + "node reads each in turn. Needs --processes for shaped links (embedded: loopback, no links). Example:\n"
        + "  bin/replicakit experiment read-distance --processes";
  }

  @Override
  public void validate() {
    if (sizeMib < 1 || sizeMib > 4096) {
      throw new IllegalArgumentException("--size must be 1..4096 MiB, was " + sizeMib);
    }
    if (repetitions < 1 || repetitions > 50) {
      throw new IllegalArgumentException("--repeat must be 1..50, was " + repetitions);
    }
    ReadDistanceExperiment.Setup setup = setup();
    ClusterSpec s = ReadDistanceExperiment.spec(setup);
    DistanceCells.of(s, ReadDistanceExperiment.reader(setup, s));
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    return new ReadDistanceExperiment(setup(), run, processes.mode()).run();
  }

  private ReadDistanceExperiment.Setup setup() {
    return new ReadDistanceExperiment.Setup(spec, specSettings, Optional.ofNullable(reader), sizeMib * Sizes.MIB,
        repetitions, settings.map());
  }
}
