/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import java.util.List;

/**
 * The three counts a stage is judged by, over every file of the run so far: blocks lost (no live replica, or not
 * readable), files under-replicated (namespace or some block below {@code n}), and files read back with other bytes
 * than written. A healthy stage has all three at 0.
 */
record StageTally(int files, long blocksLost, long underReplicatedFiles, long readbackMismatches) {

  static StageTally of(List<FileState> states) {
    long lost = states.stream().mapToLong(FileState::lostBlocks).sum();
    long under = states.stream().filter(s -> !s.replicated()).count();
    long mismatched = states.stream().filter(FileState::mismatched).count();
    return new StageTally(states.size(), lost, under, mismatched);
  }

  long problems() {
    return blocksLost + underReplicatedFiles + readbackMismatches;
  }
}
