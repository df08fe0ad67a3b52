/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import io.replicakit.testbed.spec.Sizes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How much one write-approaches run does. The paper (§III) ran TestDFSIO writes with its maps on the nine DataNodes,
 * at replication 3 and 2, with 64 MB and 128 MB blocks. Sizes are scaled by 1/64: a 64 MB block is 1 MiB here and a
 * 128 MB one 2 MiB, so a file has as many blocks as a 64 times larger one had there.
 *
 * @param files TestDFSIO files, one map each, all writing at once (one per DataNode in the nine-nodes spec)
 * @param fileBytes bytes per file
 * @param replications the replication factors, each with every block size
 * @param blocks the block sizes (bytes) and the paper's size each stands for
 * @param repetitions default number of repetitions (each on a fresh cluster)
 */
public record WriteProfile(String name, String description, int files, long fileBytes, List<Integer> replications,
    List<Long> blocks, List<String> paperBlocks, int repetitions) {

  /** The paper's block sizes, 64 MB and 128 MB, at 1/64. */
  static final List<Long> PAPER_BLOCKS = List.of(Sizes.MIB, 2 * Sizes.MIB);
  static final List<String> PAPER_BLOCK_LABELS = List.of("64 MB", "128 MB");

  /** Four cells, two repetitions: about a minute per variant and repetition embedded, on two cores. */
  public static final WriteProfile QUICK = new WriteProfile("quick",
      "9 files of 8 MiB (8 or 4 blocks each) per write, RF 3 and 2, 1 MiB and 2 MiB blocks", 9, 8 * Sizes.MIB,
      List.of(3, 2), PAPER_BLOCKS, PAPER_BLOCK_LABELS, 2);

  /**
   * The paper's cells with 32 MiB files (2 GB there; the paper does not give its file size), three repetitions. Four
   * times the quick profile's bytes, so that with YARN the maps' writes, not their containers' start-up, fill the job.
   */
  public static final WriteProfile PAPER = new WriteProfile("paper",
      "9 files of 32 MiB (32 or 16 blocks each; 2 GB files at the paper's scale) per write, RF 3 and 2, 1 MiB and"
          + " 2 MiB blocks (the paper's 64 MB and 128 MB at 1/64)", 9, 32 * Sizes.MIB, List.of(3, 2), PAPER_BLOCKS,
      PAPER_BLOCK_LABELS, 3);

  public static final List<WriteProfile> ALL = List.of(QUICK, PAPER);

  public WriteProfile {
    replications = List.copyOf(replications);
    blocks = List.copyOf(blocks);
    paperBlocks = List.copyOf(paperBlocks);
    if (blocks.size() != paperBlocks.size() || blocks.isEmpty() || replications.isEmpty()) {
      throw new IllegalArgumentException("a profile needs block sizes, their paper sizes and replication factors");
    }
    if (files < 1 || fileBytes < 1 || repetitions < 1) {
      throw new IllegalArgumentException("files, file size and repetitions must be positive");
    }
  }

  public static WriteProfile named(String name) {
    return ALL.stream().filter(p -> p.name().equals(name.toLowerCase(Locale.ROOT))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown profile '" + name + "'; profiles: quick, paper"));
  }

  /** The cells in the order they run: each replication factor with each block size (Fig. 5(a)-(d)). */
  public List<WriteCell> cells() {
    List<WriteCell> cells = new ArrayList<>();
    for (int rf : replications) {
      for (int b = 0; b < blocks.size(); b++) {
        cells.add(new WriteCell(rf, blocks.get(b), paperBlocks.get(b)));
      }
    }
    return cells;
  }

  public long dataBytes() {
    return files * fileBytes;
  }
}
