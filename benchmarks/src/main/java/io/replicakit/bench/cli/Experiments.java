/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.cli;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.metrics.MetricsOverheadCli;
import io.replicakit.bench.pfimbi.PfimbiCli;
import io.replicakit.bench.pfimbi.SharingCli;
import io.replicakit.bench.pfimbi.SwimCli;
import io.replicakit.bench.pfimbi.faults.FaultCampaignCli;
import io.replicakit.bench.placement.PlacementCli;
import io.replicakit.bench.read.HotspotCli;
import io.replicakit.bench.read.ReadDistanceCli;
import io.replicakit.bench.read.ReadSelectionCli;
import io.replicakit.bench.scale.PlacementScaleCli;
import io.replicakit.bench.write.WriteApproachesCli;
import java.util.List;
import java.util.Optional;

/**
 * The registry of experiments: the one list {@code bin/replicakit experiment} dispatches on and prints in its
 * help. A new experiment implements {@link Experiment} and is added here.
 */
public final class Experiments {

  private Experiments() {}

  /** Every experiment, freshly made (picocli sets the options on the instance, so each parse needs its own). */
  public static List<Experiment> all() {
    return List.of(new PlacementCli(), new PlacementScaleCli(), new MetricsOverheadCli(), new ReadSelectionCli(),
        new ReadDistanceCli(), new HotspotCli(), new PfimbiCli(), new SharingCli(), new SwimCli(),
        new FaultCampaignCli(), new WriteApproachesCli());
  }

  public static Optional<Experiment> named(String name) {
    return all().stream().filter(e -> e.name().equals(name)).findFirst();
  }

  /** The names, comma-separated, for messages. */
  public static String names() {
    return String.join(", ", all().stream().map(Experiment::name).toList());
  }
}
