/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.testbed.spec.Sizes;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * How much work one read-selection experiment does. The paper (§4.1–4.2) read 128 GB with TestDFSIO on three
 * DataNodes with one SSD (300 MB/s) and one HDD (60 MB/s) each, One_SSD, RF 3, 128 MB blocks, and swept WRR's
 * weight from 1 to 20 (Fig. 5).
 *
 * @param files TestDFSIO files; each is one map task and all maps read at once (parallel maps = files)
 * @param fileBytes bytes per file
 * @param blockBytes HDFS block size: every block is one read decision of the NameNode
 * @param repetitions TestDFSIO reads per policy
 * @param ssdMibS emulated SSD speed, unless the spec sets one
 * @param diskMibS emulated DISK speed, unless the spec sets one
 * @param weights WRR weights of the sweep
 * @param sweepRepetitions TestDFSIO reads per weight
 */
public record ReadSelectionProfile(String name, String description, int files, long fileBytes, long blockBytes,
    int repetitions, double ssdMibS, double diskMibS, List<Double> weights, int sweepRepetitions) {

  public ReadSelectionProfile {
    weights = List.copyOf(weights);
  }

  /**
   * Under ten minutes on two cores. Devices at half the testbed's default speeds (SSD 20, DISK 4 MiB/s, the
   * paper's 5:1) so that the best policies' aggregate reads (about 110 MiB/s) use half a core, not the machine.
   * 48 maps: with 24 the devices idled between a map's blocks (the paper saw the same below 60 maps, Fig. 6).
   */
  public static final ReadSelectionProfile QUICK = new ReadSelectionProfile("quick",
      "48 files of 24 MiB (One_SSD, RF 3, 1 MiB blocks), 2 reads per policy, WRR weights 1,3,5,7,10,20 once each",
      48, 24 * Sizes.MIB, Sizes.MIB, 2, 20, 4, List.of(1.0, 3.0, 5.0, 7.0, 10.0, 20.0), 1);

  /** The paper's sweep (weights 1..20), three reads per policy, 60 maps (Fig. 6's saturation point). */
  public static final ReadSelectionProfile PAPER = new ReadSelectionProfile("paper",
      "60 files of 32 MiB (One_SSD, RF 3, 1 MiB blocks), 3 reads per policy, WRR weights 1..20 once each",
      60, 32 * Sizes.MIB, Sizes.MIB, 3, 20, 4,
      IntStream.rangeClosed(1, 20).mapToObj(i -> (double) i).collect(Collectors.toList()), 1);

  /**
   * For a reader in a rack on shaped links (spec {@code one-ssd-two-racks}, {@code --client /r1}): a quarter of
   * quick's data, since writing it from off-cluster crosses rack uplinks slower than one DISK; no sweep.
   */
  public static final ReadSelectionProfile NETWORK = new ReadSelectionProfile("network",
      "24 files of 8 MiB (One_SSD, RF 3, 1 MiB blocks), 2 reads per policy, no WRR sweep",
      24, 8 * Sizes.MIB, Sizes.MIB, 2, 20, 4, List.of(), 1);

  public static final List<ReadSelectionProfile> ALL = List.of(QUICK, PAPER, NETWORK);

  public static ReadSelectionProfile named(String name) {
    return ALL.stream().filter(p -> p.name().equals(name.toLowerCase(Locale.ROOT))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + name
            + "'; profiles: quick, paper, network"));
  }

  /** The paper's replication factor: One_SSD puts one replica on SSD, two on DISK. */
  public int replication() {
    return 3;
  }

  public long dataBytes() {
    return files * fileBytes;
  }
}
