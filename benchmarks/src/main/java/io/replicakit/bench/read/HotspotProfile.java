/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.testbed.spec.Sizes;
import java.util.List;
import java.util.Locale;

/**
 * How much work one hotspot experiment does. The paper (§IV) read 5 files of 1 GB with TestDFSIO on 4 EC2 VMs,
 * three times per configuration, with CPU, memory and I/O stress switched on and off.
 *
 * @param files TestDFSIO files, all maps at once
 * @param fileBytes bytes per file
 * @param blockBytes HDFS block size: every block is one read decision of the NameNode
 * @param repetitions TestDFSIO reads per policy and stage (the paper: 3)
 * @param loadFactor the I/O stress: background load offered to each volume of the stressed node, in multiples
 *     of the device's speed (above 1 saturates it)
 * @param cpuBusyPct emulated CPU stress reported for the stressed node
 * @param memoryUsedPct emulated memory stress reported for the stressed node
 */
public record HotspotProfile(String name, String description, int files, long fileBytes, long blockBytes,
    int repetitions, double loadFactor, double cpuBusyPct, double memoryUsedPct) {

  /** About five minutes on two cores. */
  public static final HotspotProfile QUICK = new HotspotProfile("quick",
      "10 files of 16 MiB (HOT, RF 3, 1 MiB blocks), 2 reads per policy and stage", 10, 16 * Sizes.MIB,
      Sizes.MIB, 2, 2, 95, 95);

  /** The paper's 5 files and 3 repetitions, files scaled from 1 GB to 64 MiB. */
  public static final HotspotProfile PAPER = new HotspotProfile("paper",
      "5 files of 64 MiB (HOT, RF 3, 1 MiB blocks): the paper's 5 x 1 GB scaled by 1/16; 3 reads per policy and"
          + " stage, as the paper", 5, 64 * Sizes.MIB, Sizes.MIB, 3, 2, 95, 95);

  public static final List<HotspotProfile> ALL = List.of(QUICK, PAPER);

  public static HotspotProfile named(String name) {
    return ALL.stream().filter(p -> p.name().equals(name.toLowerCase(Locale.ROOT))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + name + "'; profiles: quick, paper"));
  }

  public int replication() {
    return 3;
  }
}
