/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;

/**
 * A block's order and the record a policy keeps of the read it expects (a volume's backlog, the blocks put first
 * on a volume since its sample), kept apart so that the caller records only blocks that are read.
 *
 * <p>Why: for every {@code getBlockLocations} the NameNode orders the file's last block a second time, on its own,
 * after the blocks of the listing (HDFS 3.5.0 {@code FSNamesystem.sortLocatedBlocks}); the client reads a complete
 * file's blocks from the listing and uses the second copy only for a file still being written. Recorded as a read,
 * that copy is a read that never comes: one per listing, one per block read when clients fetch locations block by
 * block. The NameNode's adaptor holds each block's record until it knows the block was not that repeat.
 *
 * @param replicas the replicas, in the order the client should read them
 * @param recordRead records the read in the policy's state; runs at most once
 */
public record Ordering(List<Replica> replicas, Runnable recordRead) {

  private static final Runnable NOTHING = () -> { };

  /** An order whose policy keeps no record of reads, or already kept it. */
  static Ordering recorded(List<Replica> replicas) {
    return new Ordering(replicas, NOTHING);
  }

  /** Whether recording the read changes anything (false for policies that keep no record of reads). */
  public boolean hasRecord() {
    return recordRead != NOTHING;
  }

  /** Records the read and returns the order: for callers that know the block is read. */
  List<Replica> read() {
    recordRead.run();
    return replicas;
  }
}
