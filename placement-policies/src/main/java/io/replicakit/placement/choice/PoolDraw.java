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
 * ({@code NetworkTopology.chooseRandom}) walks the topology on every call: from the root through every rack (about
 * 500 at 10,000 DataNodes) for a scope spanning racks, and even in one rack it resolves the scope's path and each
 * excluded node's path again, so {@code d} draws cost about {@code d} times HDFS's one (issue 15's placement-scale
 * experiment and {@code ChooseTargetBenchmark}). Drawing an index into a list is O(1).
 *
 * <p>Why the distribution is still the one wanted: each attempt of {@link #fill} picks a uniform index and keeps
 * the element only if {@code eligible} accepts it and it is not drawn already (rejection sampling), so every kept
 * candidate is uniform over the eligible elements not drawn yet, which is what repeated topology draws with the
 * same exclusions give. Its attempts are bounded; when few elements are eligible in a short list (a rack with
 * most of its nodes excluded), {@link #fillFromAll} takes a uniform sample of all of them instead.
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

  /**
   * Fills {@code into} after its first {@code count} with a uniform random choice among every eligible element of
   * {@code pool} not in it yet (a reservoir sample in one pass), or with all of them when they are too few. O(pool
   * length) tests of {@code eligible}: for short lists, where it is exact and bounded where {@link #fill} may miss.
   * {@code pool} holds each element once.
   *
   * @return the new number of elements in {@code into}: less than its length only when {@code pool} holds no more
   *     eligible elements
   */
  public static <T> int fillFromAll(T[] pool, Predicate<? super T> eligible, T[] into, int count,
      RandomGenerator random) {
    int need = into.length - count;
    if (need <= 0) {
      return count;
    }
    int seen = 0;
    for (T candidate : pool) {
      if (contains(into, count, candidate) || !eligible.test(candidate)) {
        continue;
      }
      if (seen < need) {
        into[count + seen] = candidate;
      } else {
        int slot = random.nextInt(seen + 1);
        if (slot < need) {
          // reservoir: the element met after `seen` eligible ones is kept with probability need/(seen+1)
          into[count + slot] = candidate;
        }
      }
      seen++;
    }
    return count + Math.min(seen, need);
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
