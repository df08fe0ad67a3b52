/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import java.util.List;

/**
 * One campaign file as the end-of-stage check found it: its replication in the namespace, each block's live
 * replicas and whether the block could be read, and whether what was read is what was written.
 *
 * @param path where the file is now (after any rename)
 * @param target the replication its Pfimbi request asked for ({@code n})
 * @param namespaceReplication the replication the NameNode reports for it; 0 when the file is gone
 * @param blocks per block, in file order
 * @param contentMatches every byte read equals the byte written, and the length is the length written
 */
record FileState(String path, int target, int namespaceReplication, List<BlockState> blocks,
    boolean contentMatches) {

  /**
   * One block.
   *
   * @param liveReplicas replicas on DataNodes that are up
   * @param readable the stock client read the block's whole range
   */
  record BlockState(int liveReplicas, boolean readable) {

    boolean lost() {
      return liveReplicas == 0 || !readable;
    }
  }

  FileState {
    blocks = List.copyOf(blocks);
  }

  /** A file the namespace no longer has: every block it had is lost. */
  static FileState missing(String path, int target, int blocks) {
    return new FileState(path, target, 0, java.util.Collections.nCopies(blocks, new BlockState(0, false)), false);
  }

  /** At its target: the namespace says {@code n} or more, and so does every block's count of live replicas. */
  boolean replicated() {
    return namespaceReplication >= target && blocks.stream().allMatch(b -> b.liveReplicas() >= target);
  }

  /** Whether the check found nothing wrong with this file. */
  boolean healthy() {
    return replicated() && lostBlocks() == 0 && !mismatched();
  }

  /** One line for the report on what is wrong: replication, live replicas per block, unreadable blocks, bytes. */
  String describe() {
    StringBuilder s = new StringBuilder(path).append(": replication ").append(namespaceReplication).append('/')
        .append(target).append(", live replicas per block ")
        .append(blocks.stream().map(b -> b.readable() ? "" + b.liveReplicas() : b.liveReplicas() + " (unreadable)")
            .toList());
    return mismatched() ? s.append(", bytes differ from those written").toString() : s.toString();
  }

  long lostBlocks() {
    return blocks.stream().filter(BlockState::lost).count();
  }

  /** Content differs though the file could be read: a lost block is counted as lost, not also as a mismatch. */
  boolean mismatched() {
    return !contentMatches && lostBlocks() == 0;
  }
}
