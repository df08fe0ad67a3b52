/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import java.util.Arrays;

/**
 * What the jobs of a Pfimbi run do (thesis §5, "Workload"): DFSIO, a pure write of the DFS, or Sort, which reads its
 * input, sorts it in the framework and writes as much again (§5.1-5.2, Figs. 5.5, 5.6).
 */
public enum PfimbiWorkload {

  /** Two TestDFSIO write jobs back to back (§5.1, §5.3). */
  DFSIO("dfsio", 2),
  /**
   * One Sort job over the profile's data ({@link SortJob}), its random input written beforehand with replication 1;
   * as many reduces as the profile has files.
   */
  SORT("sort", 1);

  private final String id;
  private final int jobs;

  PfimbiWorkload(String id, int jobs) {
    this.id = id;
    this.jobs = jobs;
  }

  public String id() {
    return id;
  }

  /** The jobs a run makes, one after the other. */
  public int jobs() {
    return jobs;
  }

  public static PfimbiWorkload of(String id) {
    return Arrays.stream(values()).filter(w -> w.id.equals(id)).findFirst().orElseThrow(() ->
        new IllegalArgumentException("unknown workload '" + id + "'; workloads: dfsio, sort"));
  }
}
