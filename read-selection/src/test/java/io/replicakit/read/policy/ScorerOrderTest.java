/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.replica;
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
      for (int i = 0; i < n; i++) {
        assertEquals(original[order.get(i).position()], score[i], "scores sorted along, position " + i);
      }
      for (int i = 1; i < n; i++) {
        Replica before = order.get(i - 1);
        Replica after = order.get(i);
        boolean higher = score[i - 1] > score[i];
        boolean equalAndCloser = score[i - 1] == score[i] && before.distance() <= after.distance();
        assertTrue(higher || equalAndCloser, "order " + order + " with scores " + Arrays.toString(score));
      }
    }
  }

  /**
   * Scores 5.0, 4.8 and 4.7 at the same distance, 4.9 one rack further, 4.0 beyond the margin: the first is
   * drawn among the three within 0.5 of the best at its distance, each about a third of the time; the others
   * are never first, and the rest keep the sorted order.
   */
  @Test
  void margin_drawsTheFirstAmongTheCloseScoresAtTheBestDistance_only() {
    List<Replica> block = List.of(replica(0, 2, "DISK"), replica(1, 2, "DISK"), replica(2, 4, "DISK"),
        replica(3, 2, "DISK"), replica(4, 2, "DISK"));
    double[] scores = {5.0, 4.8, 4.9, 4.7, 4.0};
    int[] first = new int[block.size()];
    SplittableRandom random = new SplittableRandom(3);
    int draws = 3_000;
    for (int i = 0; i < draws; i++) {
      List<Replica> order = Scorer.best(block, scores.clone(), random, 0.5);
      first[order.get(0).position()]++;
      List<Integer> rest = new ArrayList<>(List.of(0, 2, 1, 3, 4));
      rest.remove(Integer.valueOf(order.get(0).position()));
      assertEquals(rest, Fixtures.positions(order.subList(1, order.size())), "the others in sorted order");
    }
    for (int p : new int[] {0, 1, 3}) {
      assertTrue(Math.abs(first[p] - draws / 3) < draws / 10, "position " + p + " first " + first[p] + " times");
    }
    assertEquals(0, first[2], "one rack further");
    assertEquals(0, first[4], "beyond the margin");
  }

  /**
   * Quiet replicas measured 3.5 and penalized a point for the blocks given to them since their samples, against
   * one measured 2.5 or 2.03 whose node another tenant's writes saturate (a point fewer other-load points) and that
   * got none: the penalty ties or nearly ties them, yet the saturated one is never first, and the quiet ones share
   * the blocks.
   */
  @Test
  void margin_neverDrawsANodeLoadedFromElsewhere_whenThePenaltyBringsItClose() {
    SplittableRandom random = new SplittableRandom(7);
    List<Replica> two = List.of(replica(0, 2, "DISK"), replica(1, 2, "DISK"));
    for (int i = 0; i < 1_000; i++) {
      List<Replica> order = Scorer.best(two, new double[] {2.5, 2.5}, new double[] {1, 0}, new double[] {4, 3},
          random, 0.5);
      assertEquals(List.of(0, 1), Fixtures.positions(order), "a tie ranks the better measured first");
    }
    List<Replica> three = List.of(replica(0, 2, "DISK"), replica(1, 2, "DISK"), replica(2, 2, "DISK"));
    int[] first = new int[3];
    for (int i = 0; i < 1_000; i++) {
      first[Scorer.best(three, new double[] {2.5, 2.03, 2.5}, new double[] {1, 0, 1}, new double[] {4, 3, 4},
          random, 0.5).get(0).position()]++;
    }
    assertEquals(0, first[1], "the saturated one first " + first[1] + " times");
    assertTrue(first[0] > 400 && first[2] > 400, Arrays.toString(first));
  }

  /**
   * A node whose sample shows only what reads do (fewer read points, more await: 2.2 against a quiet node's 3.5)
   * is still drawn once the quiet node's penalty brings it within the margin: that is what keeps readers from
   * herding onto whichever node was idle at the last sample.
   */
  @Test
  void margin_stillDrawsANodeBusyWithReadsOnly() {
    List<Replica> two = List.of(replica(0, 2, "DISK"), replica(1, 2, "DISK"));
    int[] first = new int[2];
    SplittableRandom random = new SplittableRandom(8);
    for (int i = 0; i < 2_000; i++) {
      first[Scorer.best(two, new double[] {2.5, 2.2}, new double[] {1, 0}, new double[] {4, 4}, random, 0.5)
          .get(0).position()]++;
    }
    assertTrue(Math.abs(first[0] - 1_000) < 120 && Math.abs(first[1] - 1_000) < 120, Arrays.toString(first));
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
