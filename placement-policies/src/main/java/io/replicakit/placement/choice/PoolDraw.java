/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.choice;

import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * More candidates for a placement choice, drawn from a list of the cluster's nodes instead of the topology.
 *
 * <p>Why: a "power of d choices" policy needs {@code d} random nodes per replica, and HDFS's draw
 * ({@code NetworkTopology.chooseRandom}) walks the topology's racks from the root on every call, so at 10,000
 * DataNodes in 500 racks {@code d} draws cost about {@code d} times HDFS's one (issue 15's placement-scale
 * experiment). Drawing an index into a list is O(1).
 *
 * <p>Why the distribution is still the one wanted: each attempt picks a uniform index and keeps the element only if
 * {@code eligible} accepts it and it is not drawn already (rejection sampling), so every kept candidate is uniform
 * over the eligible elements not drawn yet, which is what repeated topology draws with the same exclusions give.
 * The attempts are bounded: when few elements are eligible (a small cluster, a narrow scope) the caller's
 * topology draws make up the rest.
 */
public final class PoolDraw {

  private PoolDraw() {}

  /**
   * Adds distinct eligible elements of {@code pool} to {@code into} after its first {@code count}, until it is full
   * or {@code attempts} indices were drawn.
   *
   * @return the new number of elements in {@code into}
   */
  public static <T> int fill(T[] pool, Predicate<? super T> eligible, T[] into, int count, int attempts,
      RandomGenerator random) {
    int filled = count;
    for (int attempt = 0; attempt < attempts && filled < into.length && pool.length > 0; attempt++) {
      T candidate = pool[random.nextInt(pool.length)];
      if (!contains(into, filled, candidate) && eligible.test(candidate)) {
        into[filled++] = candidate;
      }
    }
    return filled;
  }

  /** Whether {@code item} itself (not an equal object) is among the first {@code count} of {@code items}. */
  public static boolean contains(Object[] items, int count, Object item) {
    for (int i = 0; i < count; i++) {
      if (items[i] == item) {
        return true;
      }
    }
    return false;
  }
}
