/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import io.replicakit.testbed.spec.Sizes;
import java.util.List;
import java.util.Locale;

/**
 * How much work one placement experiment does. The paper (§4) wrote 20 files of 15 GB with RF 3 and 128 MB
 * blocks from a node in rack R1, read them 10 times with TestDFSIO after each stage, killed one DataNode in
 * R1 and one in R3, and ran the Balancer with a 10% threshold.
 *
 * @param files TestDFSIO files (one map task each)
 * @param fileBytes bytes per file
 * @param blockBytes HDFS block size
 * @param reads TestDFSIO read repetitions after each stage
 * @param parallelMaps TestDFSIO map tasks run at once
 * @param thresholdPct Balancer threshold, percentage points of utilization
 */
public record PlacementProfile(String name, String description, int files, long fileBytes, long blockBytes,
    int reads, int parallelMaps, double thresholdPct) {

  /** Five built-in policies in under 15 minutes on two cores. */
  public static final PlacementProfile QUICK = new PlacementProfile("quick",
      "8 files of 12 MiB (RF 3, 1 MiB blocks), 2 TestDFSIO reads per stage", 8, 12 * Sizes.MIB, Sizes.MIB,
      2, 2, 10);

  /**
   * The paper's setup scaled by 1/1024 in bytes (15 GB files → 15 MiB, 558/232 GB disks → 558/232 MiB, so
   * utilizations match the paper's); blocks 1 MiB (1/128 of 128 MB, so 300 blocks instead of 2400: block
   * counts drive the NameNode's re-replication pacing, and a 1/1024 block would make it dominate); 3 reads
   * per stage instead of 10.
   */
  public static final PlacementProfile PAPER = new PlacementProfile("paper",
      "20 files of 15 MiB (RF 3, 1 MiB blocks): the paper's 20 x 15 GB scaled by 1/1024; 3 TestDFSIO reads per"
          + " stage (paper: 10)", 20, 15 * Sizes.MIB, Sizes.MIB, 3, 4, 10);

  public static final List<PlacementProfile> ALL = List.of(QUICK, PAPER);

  public static PlacementProfile named(String name) {
    return ALL.stream().filter(p -> p.name().equals(name.toLowerCase(Locale.ROOT))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + name + "'; profiles: quick, paper"));
  }

  /** Replication factor of the written files: the paper's RF 3. */
  public int replication() {
    return 3;
  }

  public long dataBytes() {
    return files * fileBytes;
  }
}
