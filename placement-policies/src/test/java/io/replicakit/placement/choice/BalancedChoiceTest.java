/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.choice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The balanced decision alone: emptiest of the sample, ties drawn, writer rack kept within the tolerance. */
class BalancedChoiceTest {

  private final BalancedChoice choice = new BalancedChoice(new Random(7), 1.0, true);

  @Test
  void choose_takesTheLowestUsedPercent() {
    assertEquals(1, choice.choose(new double[] {40, 12, 30}, 3));
    assertEquals(-1, choice.choose(new double[0], 0));
  }

  @Test
  void choose_drawsAmongEquallyFullCandidates() {
    int[] wins = new int[3];
    for (int i = 0; i < 3000; i++) {
      wins[choice.choose(new double[] {20, 20, 20}, 3)]++;
    }
    for (int w : wins) {
      assertTrue(w > 800 && w < 1200, "each tie about a third: " + java.util.Arrays.toString(wins));
    }
  }

  @Test
  void usedPct_countsRecentPlacementsAndTreatsNoCapacityAsFull() {
    assertEquals(30.0, BalancedChoice.usedPct(20, 100, 2, 5), 1e-9);
    assertEquals(100.0, BalancedChoice.usedPct(0, 0, 0, 5), 1e-9);
  }

  @Test
  void fullest_isTheHighestUsedPercent() {
    assertEquals(2, BalancedChoice.fullest(new double[] {10, 30, 31}, 3));
  }

  @Test
  void writerRack_keptWithinTheTolerance_tradedBeyondIt_eitherWay() {
    assertTrue(choice.keepWriterRack(21.0, 20.0));
    assertTrue(choice.keepWriterRack(19.0, 20.0));
    assertFalse(choice.keepWriterRack(21.5, 20.0), "fuller: the first replica goes to the emptier node");
    assertFalse(choice.keepWriterRack(10.0, 20.0), "emptier: the writer's rack is left for the other two");
    assertFalse(choice.keepWriterRack(Double.NaN, 20.0));
    assertTrue(choice.keepWriterRack(50.0, Double.NaN));
  }

  @Test
  void writerRack_underTheSpreadRule_anEmptierWritersRackKeepsTheFirstReplica() {
    BalancedChoice spread = new BalancedChoice(new Random(7), 1.0, false);
    assertTrue(spread.keepWriterRack(10.0, 20.0), "one replica per rack: leaving the rack would lose its share");
    assertFalse(spread.keepWriterRack(21.5, 20.0));
  }

  /**
   * The paper's two hardware classes (558 and 232 units): placing with the emptiest of two random nodes ends with
   * every node near the same percentage, while a uniform random choice leaves the small nodes more than twice as
   * full.
   */
  @Test
  void powerOfTwo_convergesToEqualPercentOnTwoHardwareClasses() {
    long[] capacity = {558, 558, 558, 558, 558, 232, 232, 232, 232, 232};
    double balanced = spreadAfter(capacity, 2, 2000);
    double random = spreadAfter(capacity, 1, 2000);
    assertTrue(balanced < 2.0, "max-min used % with two candidates: " + balanced);
    assertTrue(random > 10.0, "max-min used % with one random candidate: " + random);
  }

  private double spreadAfter(long[] capacity, int candidates, int blocks) {
    Random draws = new Random(11);
    long[] used = new long[capacity.length];
    double[] pct = new double[candidates];
    int[] picked = new int[candidates];
    for (int b = 0; b < blocks; b++) {
      for (int c = 0; c < candidates; c++) {
        picked[c] = draws.nextInt(capacity.length);
        pct[c] = BalancedChoice.usedPct(used[picked[c]], capacity[picked[c]], 0, 1);
      }
      used[picked[choice.choose(pct, candidates)]]++;
    }
    double min = 100;
    double max = 0;
    for (int i = 0; i < capacity.length; i++) {
      double p = BalancedChoice.usedPct(used[i], capacity[i], 0, 1);
      min = Math.min(min, p);
      max = Math.max(max, p);
    }
    return max - min;
  }
}
