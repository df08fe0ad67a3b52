/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import java.util.List;
import java.util.Random;

/**
 * The seeded part of a stage: after which file the fault comes, each file's content seed and length, and the draw
 * that picks a victim among the DataNodes that qualify. Given the campaign seed, run and stage, these are always
 * the same; which DataNodes qualify at the moment of the fault depends on timing, and is reported.
 */
final class FaultSchedule {

  private final long stageSeed;
  private final Random random;
  private final int faultAfterFile;

  FaultSchedule(long campaignSeed, int run, FaultStage stage, int files) {
    this.stageSeed = Content.mix(Content.mix(campaignSeed + run) + stage.ordinal());
    this.random = new Random(stageSeed);
    this.faultAfterFile = 1 + random.nextInt(Math.max(1, files / 2));
  }

  /**
   * The fault comes once this many files of the stage are closed: at least one, so there is something to copy, and
   * at most half, so that writes, and with them background copies, go on while a victim is sought.
   */
  int faultAfterFile() {
    return faultAfterFile;
  }

  long fileSeed(int file) {
    return Content.mix(stageSeed ^ (0x5DEECE66DL * (file + 1)));
  }

  /** Between {@code blocks - 1} and {@code blocks - 1/2} blocks: the last block is partial, as most files' are. */
  long fileLength(int file, int blocks, long blockBytes) {
    long tail = blockBytes / 2 + Math.floorMod(fileSeed(file), blockBytes / 2) + 1;
    return (blocks - 1) * blockBytes + tail;
  }

  /** One of {@code candidates} (sorted first, so the draw, not their discovery order, decides). */
  String pick(List<String> candidates) {
    List<String> sorted = candidates.stream().sorted().toList();
    return sorted.get(random.nextInt(sorted.size()));
  }
}
