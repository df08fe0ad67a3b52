/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import java.util.List;

/**
 * The sweep of the marked trees, which finds files below their Pfimbi target that no note brought to the
 * coordinator (after a restart, a failover, a dropped note).
 *
 * @param roots directories whose trees are swept
 * @param intervalMs pause between two sweeps (0: only when the NameNode becomes active)
 * @param entriesPerScan files and directories a sweep looks at per coordinator round
 */
public record SweepSettings(List<String> roots, long intervalMs, int entriesPerScan) {

  public SweepSettings {
    roots = List.copyOf(roots);
  }
}
