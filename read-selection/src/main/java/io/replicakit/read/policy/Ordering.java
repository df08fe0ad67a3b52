/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;

/**
 * A block's order and what its policy does once it knows whether the block is read: record the read (a volume's
 * backlog, the blocks put first on a volume since its sample), or take back what deciding counted (a round-robin
 * turn, which must be taken while deciding so that concurrent handlers do not take the same one).
 *
 * <p>Why: for every {@code getBlockLocations} the NameNode orders the file's last block a second time, on its own,
 * after the blocks of the listing (HDFS 3.5.0 {@code FSNamesystem.sortLocatedBlocks}); the client reads a complete
 * file's blocks from the listing and uses the second copy only for a file still being written. Recorded, that
 * copy is a read that never comes: one per listing, one per block read when clients list block by block. A turn it
 * keeps is worse than a share: with one block per listing the listed blocks and the repeats take turns in
 * alternation, and at an even cycle (weight 1, 3, 5, 7) every listed block got the fast turn, every repeat the
 * slow one, so WRR read nothing from DISK. The NameNode's adaptor holds each ordering until it knows which it was.
 *
 * @param replicas the replicas, in the order the client should read them
 * @param whenRead records the read in the policy's state
 * @param whenNotRead takes back what deciding counted, for a block that is not read; at most one of the two runs
 */
public record Ordering(List<Replica> replicas, Runnable whenRead, Runnable whenNotRead) {

  static final Runnable NOTHING = () -> { };

  /** An order whose policy keeps no record of reads. */
  static Ordering unrecorded(List<Replica> replicas) {
    return new Ordering(replicas, NOTHING, NOTHING);
  }

  /** An order whose read is recorded by {@code whenRead}. */
  public static Ordering recordedWhenRead(List<Replica> replicas, Runnable whenRead) {
    return new Ordering(replicas, whenRead, NOTHING);
  }

  /** An order counted while deciding; {@code uncount} takes the count back if the block is not read. */
  static Ordering countedWhenDecided(List<Replica> replicas, Runnable uncount) {
    return new Ordering(replicas, NOTHING, uncount);
  }

  /** Whether knowing if the block is read changes anything (false for policies that keep no record of reads). */
  public boolean hasRecord() {
    return whenRead != NOTHING || whenNotRead != NOTHING;
  }

  /** Records the read and returns the order: for callers that know the block is read. */
  List<Replica> read() {
    whenRead.run();
    return replicas;
  }
}
