/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.replica;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@link Scorer#best}'s order, checked against its definition on random blocks of every size read selection meets. */
class ScorerOrderTest {

  /** A block of {@code n} replicas with scores and distances from few values, so that ties are frequent. */
  private static List<Replica> block(int n, SplittableRandom random, double[] score) {
    List<Replica> block = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      block.add(replica(i, new int[] {0, 2, 4}[random.nextInt(3)], "DISK"));
      score[i] = random.nextInt(4) * 0.5;
    }
    return block;
  }

  @ParameterizedTest(name = "{0} replicas")
  @ValueSource(ints = {1, 2, 3, 6, 12, 40})
  void best_isAPermutation_highestScoreFirst_tiesClosestFirst(int n) {
    SplittableRandom random = new SplittableRandom(n);
    for (int trial = 0; trial < 500; trial++) {
      double[] score = new double[n];
      List<Replica> block = block(n, random, score);
      double[] original = score.clone();

      List<Replica> order = Scorer.best(block, score, random);

      assertEquals(new HashSet<>(block), new HashSet<>(order), "a permutation");
      assertArrayEquals(original, score, "the scores are left in the replicas' order");
      for (int i = 1; i < n; i++) {
        Replica before = order.get(i - 1);
        Replica after = order.get(i);
        double scoreBefore = score[before.position()];
        double scoreAfter = score[after.position()];
        boolean higher = scoreBefore > scoreAfter;
        boolean equalAndCloser = scoreBefore == scoreAfter && before.distance() <= after.distance();
        assertTrue(higher || equalAndCloser, "order " + order + " with scores " + Arrays.toString(score));
      }
    }
  }

  /** Scores a millionth of a point apart, and negative ones (a configuration may make them so), keep their order. */
  @Test
  void best_ordersCloseAndNegativeScores_strictlyHighestFirst() {
    double[] scores = {5.0, 5.000001, -0.5, 4.999999, 0.0, -1.0, 1e-6};
    List<Replica> block = new ArrayList<>();
    for (int i = 0; i < scores.length; i++) {
      block.add(replica(i, 4 - 2 * (i % 3), "DISK"));
    }
    SplittableRandom random = new SplittableRandom(5);
    for (int trial = 0; trial < 50; trial++) {
      List<Replica> order = Scorer.best(block, scores.clone(), random);
      assertEquals(List.of(1, 0, 3, 6, 4, 2, 5), Fixtures.positions(order));
    }
  }

  @ParameterizedTest(name = "{0} tied replicas")
  @ValueSource(ints = {2, 3, 4})
  void fullTies_comeInEveryOrder(int n) {
    List<Replica> block = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      block.add(replica(i, 2, "DISK"));
    }
    Set<List<Integer>> seen = new HashSet<>();
    SplittableRandom random = new SplittableRandom(1);
    for (int trial = 0; trial < 2_000; trial++) {
      seen.add(Fixtures.positions(Scorer.best(block, new double[n], random)));
    }
    int orders = 1;
    for (int i = 2; i <= n; i++) {
      orders *= i;
    }
    assertEquals(orders, seen.size(), "all " + n + "! orders of a full tie");
  }
}
