/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.testbed.spec.Sizes;
import java.util.List;
import java.util.Locale;

/**
 * How much the sharing experiment writes (thesis §5.4): each TestDFSIO job writes {@code files} files (one map per
 * file, all at once) in {@code blockBytes} blocks. In the flows stage, job 3 starts {@code job3DelayS} seconds after
 * jobs 1 and 2 have written their primaries, so that two flows share the disks first and three after job 3's
 * primary writes, as in Fig. 5.8 (job 3 500 s after the others, 600 GB each).
 */
public record SharingProfile(String name, String description, int files, long fileBytes, long blockBytes,
    int bufferBlocks, int job3DelayS) {

  /** About a minute and a half per variant on two cores. */
  public static final SharingProfile QUICK = new SharingProfile("quick",
      "jobs of 12 files of 16 MiB, 4 MiB blocks; job 3 4 s after jobs 1 and 2", 12, 16 * Sizes.MIB,
      4 * Sizes.MIB, 8, 4);

  /** Three times the data per job: longer shared phases. */
  public static final SharingProfile PAPER = new SharingProfile("paper",
      "jobs of 12 files of 48 MiB, 4 MiB blocks; job 3 10 s after jobs 1 and 2", 12, 48 * Sizes.MIB,
      4 * Sizes.MIB, 16, 10);

  public static final List<SharingProfile> ALL = List.of(QUICK, PAPER);

  public static SharingProfile named(String name) {
    return ALL.stream().filter(p -> p.name().equals(name.toLowerCase(Locale.ROOT))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + name + "'; profiles: quick, paper"));
  }

  /** Blocks one job writes. */
  public int blocksPerJob() {
    return (int) (files * ((fileBytes + blockBytes - 1) / blockBytes));
  }
}
