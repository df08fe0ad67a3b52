/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.coordinator;

import io.replicakit.pfimbi.config.CoordinationSettings;
import io.replicakit.pfimbi.coordinator.TreeListing.Dir;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * When the coordinator sweeps the marked directories: at once when its NameNode becomes active, then every
 * {@code replicakit.pfimbi.sweep.interval.ms} after the previous sweep ended (never again when 0), a slice of
 * {@code replicakit.pfimbi.sweep.entries.per.scan} entries per coordinator round.
 */
final class SweepSchedule {

  private final MarkedTreeSweep sweep;
  private final Namespace namespace;
  private final CoordinationSettings settings;
  private final CoordinatorCounters counters;
  private boolean running;
  private long nextStartMs = Long.MAX_VALUE;
  private long belowTarget;

  SweepSchedule(MarkedTreeSweep sweep, Namespace namespace, CoordinationSettings settings,
      CoordinatorCounters counters) {
    this.sweep = sweep;
    this.namespace = namespace;
    this.settings = settings;
    this.counters = counters;
  }

  /** Starts a sweep on the next step, dropping one in progress. */
  void startNow(long nowMs) {
    running = false;
    nextStartMs = nowMs;
  }

  /** The files below target found in this round's slice (empty when no sweep is due). */
  List<MarkedTreeSweep.Found> step(long nowMs) throws IOException {
    if (!running) {
      if (nowMs < nextStartMs) {
        return List.of();
      }
      begin();
    }
    List<MarkedTreeSweep.Found> found = sweep.step(settings.sweep().entriesPerScan());
    belowTarget += found.size();
    if (sweep.done()) {
      running = false;
      counters.sweepCompleted(belowTarget);
      long interval = settings.sweep().intervalMs();
      nextStartMs = interval > 0 ? nowMs + interval : Long.MAX_VALUE;
    }
    return found;
  }

  private void begin() throws IOException {
    List<MarkedTreeSweep.Root> roots = new ArrayList<>();
    for (String path : settings.sweep().roots()) {
      OptionalLong id = namespace.inodeId(path);
      if (id.isPresent()) {
        roots.add(new MarkedTreeSweep.Root(new Dir(id.getAsLong(), path), namespace.spec(path)));
      }
    }
    sweep.begin(roots);
    belowTarget = 0;
    running = true;
  }
}
