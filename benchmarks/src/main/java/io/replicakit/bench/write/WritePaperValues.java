/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

/**
 * What the paper says of each variant against the pipeline (§III.B; its Fig. 5 is given as bars without numbers, so
 * these are the text's percentages as ratios). The paper's cluster, not a measurement of this project.
 */
final class WritePaperValues {

  private WritePaperValues() {}

  /** The paper's write-time ratio to the pipeline, or a dash where it gives none. */
  static String timeRatio(WriteVariant variant, WriteCell cell) {
    if (variant == WriteVariant.PIPELINE) {
      return "1 (baseline)";
    }
    if (cell.replication() == 3 && cell.paperBlock().equals("64 MB")) {
      return variant == WriteVariant.BROADCAST ? "0.90× (−10 %)" : "0.94× (−6 %)";
    }
    return "–";
  }

  /** The paper's throughput ratio to the pipeline, or a dash where it gives none. */
  static String throughputRatio(WriteVariant variant, WriteCell cell) {
    if (variant == WriteVariant.PIPELINE) {
      return "1 (baseline)";
    }
    boolean broadcast = variant == WriteVariant.BROADCAST;
    if (cell.replication() == 3 && cell.paperBlock().equals("64 MB")) {
      return broadcast ? "1.10× (Fig. 5(b))" : "1.07× (Fig. 5(b))";
    }
    if (cell.replication() == 3) {
      return broadcast ? "1.10–1.12× (Fig. 5(c))" : "1.07–1.09× (Fig. 5(c))";
    }
    if (cell.replication() == 2) {
      return broadcast ? "up to 1.20× (Fig. 5(d))" : "up to 1.10× (Fig. 5(d))";
    }
    return "–";
  }
}
