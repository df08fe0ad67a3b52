/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Orderings the policies share. They run for every block of every read, so they work on small arrays (a block
 * has a handful of replicas) with insertion sorts and random tie keys, and allocate only the result.
 */
final class Orders {

  private Orders() {}

  /**
   * HDFS's own order: by network distance, ties in random order (what {@code NetworkTopology.sortByDistance}
   * does without a secondary sort).
   */
  static List<Replica> closestFirst(List<Replica> replicas, RandomGenerator random) {
    Replica[] order = replicas.toArray(new Replica[0]);
    sortByDistance(order, 0, order.length, random);
    return Arrays.asList(order);
  }

  /** {@code first} (an element of {@code replicas}), then the others closest first. */
  static List<Replica> withFirst(Replica first, List<Replica> replicas, RandomGenerator random) {
    Replica[] order = new Replica[replicas.size()];
    order[0] = first;
    int next = 1;
    for (Replica r : replicas) {
      if (r != first) {
        order[next++] = r;
      }
    }
    sortByDistance(order, 1, order.length, random);
    return Arrays.asList(order);
  }

  /**
   * {@code first} (an element of {@code preferred}), then the other replicas of {@code preferred} (a subset of
   * {@code replicas}) closest first, then the rest closest first; {@link #withFirst(Replica, List, RandomGenerator)}
   * when {@code preferred} is {@code replicas}.
   */
  static List<Replica> withFirst(Replica first, List<Replica> replicas, List<Replica> preferred,
      RandomGenerator random) {
    if (preferred == replicas) {
      return withFirst(first, replicas, random);
    }
    Replica[] order = new Replica[replicas.size()];
    order[0] = first;
    int next = 1;
    for (Replica r : preferred) {
      if (r != first) {
        order[next++] = r;
      }
    }
    int rest = next;
    for (Replica r : replicas) {
      if (!holds(preferred, r)) {
        order[next++] = r;
      }
    }
    sortByDistance(order, 1, rest, random);
    sortByDistance(order, rest, order.length, random);
    return Arrays.asList(order);
  }

  /** Whether {@code list} holds {@code r} itself (a block's replicas are distinct objects; no fields compared). */
  private static boolean holds(List<Replica> list, Replica r) {
    for (Replica x : list) {
      if (x == r) {
        return true;
      }
    }
    return false;
  }

  /** The closest of {@code candidates}, ties broken at random; candidates must not be empty. */
  static Replica closest(List<Replica> candidates, RandomGenerator random) {
    Replica best = null;
    int ties = 0;
    for (Replica r : candidates) {
      if (best == null || r.distance() < best.distance()) {
        best = r;
        ties = 1;
      } else if (r.distance() == best.distance() && random.nextInt(++ties) == 0) {
        best = r; // reservoir sampling: each of the tied replicas wins with equal probability
      }
    }
    return best;
  }

  /** A random permutation of {@code replicas}. */
  static List<Replica> shuffled(List<Replica> replicas, RandomGenerator random) {
    Replica[] copy = replicas.toArray(new Replica[0]);
    for (int i = copy.length - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      Replica t = copy[i];
      copy[i] = copy[j];
      copy[j] = t;
    }
    return Arrays.asList(copy);
  }

  /** Sorts {@code a[from..to)} by distance, ties in random order (insertion sort on random tie keys). */
  private static void sortByDistance(Replica[] a, int from, int to, RandomGenerator random) {
    if (to - from < 2) {
      return;
    }
    int[] tie = new int[to];
    for (int i = from; i < to; i++) {
      tie[i] = random.nextInt();
    }
    for (int i = from + 1; i < to; i++) {
      Replica r = a[i];
      int t = tie[i];
      int j = i - 1;
      while (j >= from && (a[j].distance() > r.distance() || (a[j].distance() == r.distance() && tie[j] > t))) {
        a[j + 1] = a[j];
        tie[j + 1] = tie[j];
        j--;
      }
      a[j + 1] = r;
      tie[j + 1] = t;
    }
  }
}
