/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.testbed.spec.Sizes;
import java.util.List;
import java.util.Locale;

/**
 * How much the Pfimbi experiment writes: two back-to-back TestDFSIO write jobs of {@code files} files each (one
 * map per file, all at once), with {@code blockBytes} blocks. The thesis's DFSIO runs wrote hundreds of GB on 30
 * nodes (§5.1, §5.3); the emulated DISKs are slow (a few MiB/s) so that these sizes keep the devices, not the CPU of
 * one machine, the bottleneck.
 */
public record PfimbiProfile(String name, String description, int files, long fileBytes, long blockBytes,
    int bufferBlocks) {

  /**
   * About three minutes on two cores. Twelve writers for six disks, so that the devices, not the writers, limit
   * the jobs.
   */
  public static final PfimbiProfile QUICK = new PfimbiProfile("quick",
      "2 jobs x 12 files of 16 MiB, 4 MiB blocks", 12, 16 * Sizes.MIB, 4 * Sizes.MIB, 8);

  /** More data per job: longer phases, closer to the thesis's device-bound runs. */
  public static final PfimbiProfile PAPER = new PfimbiProfile("paper",
      "2 jobs x 12 files of 48 MiB, 4 MiB blocks", 12, 48 * Sizes.MIB, 4 * Sizes.MIB, 16);

  public static final List<PfimbiProfile> ALL = List.of(QUICK, PAPER);

  public static PfimbiProfile named(String name) {
    return ALL.stream().filter(p -> p.name().equals(name.toLowerCase(Locale.ROOT))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + name + "'; profiles: quick, paper"));
  }

  /** Blocks one job writes. */
  public int blocksPerJob() {
    return (int) (files * ((fileBytes + blockBytes - 1) / blockBytes));
  }
}
