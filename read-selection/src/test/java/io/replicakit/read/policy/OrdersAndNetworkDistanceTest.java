/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.LOCAL;
import static io.replicakit.read.policy.Fixtures.OFF_RACK;
import static io.replicakit.read.policy.Fixtures.RACK;
import static io.replicakit.read.policy.Fixtures.positions;
import static io.replicakit.read.policy.Fixtures.replica;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class OrdersAndNetworkDistanceTest {

  /** Orders.closestFirst and the policy built on it, which must behave alike. */
  static Stream<Arguments> orderings() {
    BiFunction<List<Replica>, RandomGenerator, List<Replica>> orders = Orders::closestFirst;
    NetworkDistancePolicy policy = new NetworkDistancePolicy();
    BiFunction<List<Replica>, RandomGenerator, List<Replica>> viaPolicy = policy::order;
    return Stream.of(Arguments.of("Orders.closestFirst", orders), Arguments.of(NetworkDistancePolicy.NAME, viaPolicy));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("orderings")
  void closestFirst_sortsByDistance(String name, BiFunction<List<Replica>, RandomGenerator, List<Replica>> order) {
    List<Replica> block = List.of(replica(0, OFF_RACK, "DISK"), replica(1, LOCAL, "SSD"), replica(2, RACK, "DISK"),
        replica(3, 6, "ARCHIVE"), replica(4, 1, "DISK"));

    for (long seed = 0; seed < 100; seed++) {
      assertEquals(List.of(1, 4, 2, 0, 3), positions(order.apply(block, new SplittableRandom(seed))));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("orderings")
  void closestFirst_putsTiesInEveryOrderOverManySeeds(String name,
      BiFunction<List<Replica>, RandomGenerator, List<Replica>> order) {
    List<Replica> block = List.of(replica(0, RACK, "DISK"), replica(1, OFF_RACK, "DISK"), replica(2, RACK, "SSD"),
        replica(3, LOCAL, "DISK"), replica(4, RACK, "DISK"));
    Set<List<Integer>> seen = new HashSet<>();

    for (long seed = 0; seed < 1_000; seed++) {
      List<Integer> got = positions(order.apply(block, new Random(seed)));
      assertEquals(3, got.get(0));
      assertEquals(1, got.get(4));
      seen.add(got.subList(1, 4));
    }

    assertEquals(Set.of(List.of(0, 2, 4), List.of(0, 4, 2), List.of(2, 0, 4), List.of(2, 4, 0), List.of(4, 0, 2),
        List.of(4, 2, 0)), seen, "all 3! orders of the same-rack tie");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("orderings")
  void closestFirst_neverChangesTheMultiset_norItsArgument(String name,
      BiFunction<List<Replica>, RandomGenerator, List<Replica>> order) {
    RandomGenerator random = new SplittableRandom(42);
    for (int i = 0; i < 1_000; i++) {
      List<Replica> block = new ArrayList<>(Fixtures.randomBlock(random));
      block.add(block.get(0)); // a duplicate too: the multiset must keep both
      List<Replica> before = List.copyOf(block);

      List<Replica> got = order.apply(block, random);

      assertEquals(before, block, "argument unchanged");
      assertEquals(sorted(before), sorted(got));
      for (int k = 1; k < got.size(); k++) {
        assertTrue(got.get(k - 1).distance() <= got.get(k).distance(), got.toString());
      }
    }
  }

  private static List<Replica> sorted(List<Replica> replicas) {
    List<Replica> copy = new ArrayList<>(replicas);
    copy.sort(Comparator.comparingInt(Replica::position).thenComparing(Replica::storageId));
    return copy;
  }
}
