/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.choice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PoolDrawTest {

  private static final Integer[] POOL = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};

  @Test
  void candidates_areDistinct_eligible_andKeepWhatWasDrawnBefore() {
    Random random = new Random(3);
    for (int trial = 0; trial < 1_000; trial++) {
      Integer[] into = {4, null, null, null};
      int count = PoolDraw.fill(POOL, n -> n % 2 == 0, into, 1, 100, random);

      assertEquals(4, count);
      assertEquals(4, into[0], "the caller's first candidate stays first");
      assertEquals(4, new HashSet<>(Arrays.asList(into)).size(), Arrays.toString(into));
      assertTrue(Arrays.stream(into).allMatch(n -> n % 2 == 0), Arrays.toString(into));
    }
  }

  @Test
  void eachEligibleElement_isDrawnEquallyOften() {
    Random random = new Random(5);
    int[] hits = new int[POOL.length];
    int draws = 40_000;
    for (int trial = 0; trial < draws; trial++) {
      Integer[] into = new Integer[1];
      PoolDraw.fill(POOL, n -> n != 9, into, 0, 50, random);
      hits[into[0]]++;
    }
    assertEquals(0, hits[9], "an ineligible element is never drawn");
    double expected = draws / 9.0;
    for (int i = 0; i < 9; i++) {
      assertEquals(expected, hits[i], expected * 0.05, "element " + i + ": " + Arrays.toString(hits));
    }
  }

  @Test
  void fewEligible_stopsAfterTheAttempts_andReturnsWhatItFound() {
    Integer[] into = new Integer[4];
    int count = PoolDraw.fill(POOL, n -> n == 7, into, 0, 60, new Random(9));

    assertEquals(1, count, "only one element is eligible");
    assertEquals(7, into[0]);
    assertEquals(null, into[1]);
  }

  @Test
  void emptyPool_orFullArray_drawsNothing() {
    Integer[] into = new Integer[2];
    assertEquals(0, PoolDraw.fill(new Integer[0], n -> true, into, 0, 10, new Random(1)));
    Integer[] full = {1, 2};
    assertEquals(2, PoolDraw.fill(POOL, n -> true, full, 2, 10, new Random(1)));
    assertEquals(Arrays.asList(1, 2), Arrays.asList(full));
  }

  @Test
  void attempts_boundTheWork() {
    int[] tests = new int[1];
    PoolDraw.fill(POOL, n -> {
      tests[0]++;
      return false;
    }, new Integer[3], 0, 12, new Random(2));
    assertEquals(12, tests[0]);
  }

  @Test
  void fillFromAll_keepsTheFirst_andTakesAllEligibleWhenTheyAreFew() {
    Integer[] into = {3, null, null, null};
    int count = PoolDraw.fillFromAll(POOL, n -> n == 3 || n == 5 || n == 8, into, 1, new Random(4));

    assertEquals(3, count, "3 is drawn already; 5 and 8 are the rest");
    assertEquals(3, into[0]);
    assertEquals(new HashSet<>(Arrays.asList(5, 8)), new HashSet<>(Arrays.asList(into[1], into[2])));
    assertEquals(null, into[3]);
  }

  @Test
  void fillFromAll_drawsEachEligibleElementEquallyOften() {
    Random random = new Random(8);
    int[] hits = new int[POOL.length];
    int trials = 30_000;
    for (int trial = 0; trial < trials; trial++) {
      Integer[] into = {0, null, null};
      assertEquals(3, PoolDraw.fillFromAll(POOL, n -> n != 9, into, 1, random));
      assertTrue(into[1] != into[2] && into[1] != 0 && into[2] != 0, Arrays.toString(into));
      hits[into[1]]++;
      hits[into[2]]++;
    }
    assertEquals(0, hits[9], "an ineligible element is never drawn");
    double expected = 2.0 * trials / 8;
    for (int i = 1; i < 9; i++) {
      assertEquals(expected, hits[i], expected * 0.05, "element " + i + ": " + Arrays.toString(hits));
    }
  }
}
