/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import java.util.Map;
import java.util.Optional;

/**
 * The read-selection paper's published DFSIO figures (§4.2), for the report to show beside our measurements,
 * labelled as the paper's. Never used as results. Only numbers the paper states in its text are here; its
 * Fig. 3 and Fig. 5 give the rest as bars and curves without values.
 */
final class ReadPaperValues {

  /** DRR's DFSIO speed-up over network distance (§4.2.1, Fig. 3). */
  static final double DRR_SPEEDUP = 6.4;
  /** The paper's own expectation from its model: DRR 4× network distance and 1.2× storage type (§4.2.1). */
  static final double EXPECTED_DRR_OVER_ND = 4.0;
  static final double EXPECTED_DRR_OVER_STORAGE_TYPE = 1.2;
  /** WRR's weight in Fig. 3/4: the SSD/HDD speed ratio of the paper's devices (300 / 60 MB/s). */
  static final double WRR_WEIGHT = 5;
  /** Fig. 5: the best weight and its utilizations; weight 20 was 2.5 % slower with about 30 % less DISK use. */
  static final double BEST_WEIGHT = 7;
  static final double BEST_WEIGHT_SSD_PCT = 80;
  static final double BEST_WEIGHT_DISK_PCT = 50;
  static final double WEIGHT_20_LOSS_PCT = 2.5;

  /** Average utilization during DFSIO per policy (§4.2.2, Fig. 4 (a)–(d)): {SSD %, DISK %}. */
  private static final Map<String, double[]> UTILIZATION = Map.of(
      "network-distance", new double[] {5, 97},
      "storage-type", new double[] {90, 0},
      "wrr", new double[] {67, 69},
      "drr", new double[] {90, 51});

  /**
   * Data moved between the racks of a two-rack cluster (a rack of two nodes, a rack of one) during reads without
   * network considerations, GB (§4.2.3); with them, none moved.
   */
  static final Map<String, Double> RACK_TO_RACK_GB = Map.of("storage-type", 33.0, "wrr", 27.0, "drr", 28.0);

  private ReadPaperValues() {}

  static Optional<Double> ssdUtilPct(String policy) {
    return Optional.ofNullable(UTILIZATION.get(policy)).map(u -> u[0]);
  }

  static Optional<Double> diskUtilPct(String policy) {
    return Optional.ofNullable(UTILIZATION.get(policy)).map(u -> u[1]);
  }
}
