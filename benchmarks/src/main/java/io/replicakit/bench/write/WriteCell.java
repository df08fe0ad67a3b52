/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

/**
 * One setting of the paper's Fig. 5: a replication factor and a block size (the paper's 64 MB or 128 MB, scaled).
 *
 * @param replication the files' replication factor
 * @param blockBytes the block size written
 * @param paperBlock the paper's block size this one stands for, e.g. {@code 64 MB}
 */
public record WriteCell(int replication, long blockBytes, String paperBlock) {

  public WriteCell {
    if (replication < 1 || blockBytes < 1) {
      throw new IllegalArgumentException("replication and block size must be positive: " + replication + ", "
          + blockBytes);
    }
  }

  /** The results' stage name, e.g. {@code write-rf3-1m}. */
  public String stage() {
    return "write-rf" + replication + "-" + size(blockBytes);
  }

  /** For tables: {@code RF 3, 1 MiB blocks (paper 64 MB)}. */
  public String label() {
    String size = blockBytes % (1L << 20) == 0 ? (blockBytes >> 20) + " MiB" : (blockBytes >> 10) + " KiB";
    return "RF " + replication + ", " + size + " blocks (paper " + paperBlock + ")";
  }

  private static String size(long bytes) {
    return bytes % (1L << 20) == 0 ? (bytes >> 20) + "m" : (bytes >> 10) + "k";
  }
}
