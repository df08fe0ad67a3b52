/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Orders a block's active replicas for a reader; the client reads from the first and falls back along the list.
 * Implementations are thread-safe (the NameNode sorts on many RPC handler threads at once) and cheap: this runs
 * for every block of every {@code getBlockLocations}.
 */
public interface ReadPolicy {

  /**
   * @param replicas the active replicas, at least one
   * @param random the caller's random source, for ties
   * @return the same replicas, reordered; the argument is not modified
   */
  List<Replica> order(List<Replica> replicas, RandomGenerator random);

  /**
   * Orders a block without recording the read yet: the caller runs the returned {@link Ordering#whenRead} once it
   * knows the block is read, or {@link Ordering#whenNotRead} if it is not (see {@link Ordering}). Policies that
   * keep a record of reads override this and implement {@link #order} as decide-then-read; the default is
   * {@link #order} with nothing to record.
   *
   * @param replicas the active replicas, at least one
   * @param random the caller's random source, for ties
   */
  default Ordering decide(List<Replica> replicas, RandomGenerator random) {
    return Ordering.unrecorded(order(replicas, random));
  }

  /**
   * {@link #decide(List, RandomGenerator)} for a block of a listing: the NameNode's adaptor passes the call the block
   * is listed in, for policies that place a block's read after the blocks listed before it ({@link Listing}); the
   * default ignores it.
   *
   * @param listing the handler thread's current call, or null outside one
   */
  default Ordering decide(List<Replica> replicas, RandomGenerator random, Listing listing) {
    return decide(replicas, random);
  }

  /** The name configuration uses, e.g. {@code drr}. */
  String name();

  /** The current fast-to-slow weight of round-robin policies, for monitoring; NaN for the others. */
  default double weight() {
    return Double.NaN;
  }
}
