/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.choice;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The state-aware decision alone: busy nodes avoided, missing metrics left out, bursts spread. */
class StateAwareChoiceTest {

  private static final LoadWeights WEIGHTS = new LoadWeights(4, 2, 4, 1, 0.5, 1, 0.5);

  private final StateAwareChoice choice = new StateAwareChoice(WEIGHTS, new Random(3));

  private static NodeLoad idle() {
    return new NodeLoad(5, 0, 10, 40, 2, 0);
  }

  @Test
  void choose_avoidsTheNodeWithTheBusyDisk() {
    NodeLoad stressed = new NodeLoad(100, 12, 10, 40, 2, 0);
    for (int i = 0; i < 100; i++) {
      assertTrue(choice.choose(new NodeLoad[] {stressed, idle(), idle()}, 3) > 0);
    }
  }

  @Test
  void score_addsEachScaledPart() {
    NodeLoad n = new NodeLoad(50, 2, 20, 60, 4, 1);
    double expected = 4 * 0.5 + 2 * 0.5 + 1 * 0.2 + 0.5 * 0.6 + 1 * 1.0 + 0.5 * 1;
    assertEquals(expected, choice.scores(new NodeLoad[] {n}, 1)[0], 1e-9);
  }

  @Test
  void missingMetric_isLeftOutForEveryCandidate() {
    // the second node's sample is stale: disk, queue, CPU and memory no longer count for anyone, and the first
    // node's busy disk does not make it lose; xceivers decide
    NodeLoad busyDiskFewXceivers = new NodeLoad(100, 12, 90, 90, 1, 0);
    NodeLoad staleManyXceivers = NodeLoad.withoutMetrics(8, 0);
    double[] scores = choice.scores(new NodeLoad[] {busyDiskFewXceivers, staleManyXceivers}, 2);
    assertArrayEquals(new double[] {1.0 / 8, 1.0}, scores, 1e-9);
    assertEquals(0, choice.choose(new NodeLoad[] {busyDiskFewXceivers, staleManyXceivers}, 2));
  }

  @Test
  void busiest_isTheHighestScore() {
    assertEquals(1, choice.busiest(new NodeLoad[] {idle(), new NodeLoad(90, 8, 90, 90, 9, 0)}, 2));
  }

  /**
   * Between two samples, five nodes of which one looked idlest: without the penalty every block of a burst goes to
   * it; with the penalty the burst spreads over all five.
   */
  @Test
  void recentPlacements_spreadABurstBetweenSamples() {
    assertEquals(40, burstOnFavourite(0.0));
    int withPenalty = burstOnFavourite(0.5);
    assertTrue(withPenalty <= 14, "blocks on the node that looked best: " + withPenalty);
  }

  private int burstOnFavourite(double penalty) {
    StateAwareChoice c = new StateAwareChoice(new LoadWeights(4, 2, 4, 1, 0.5, 1, penalty), new Random(5));
    RecentPlacements recent = new RecentPlacements();
    long mark = RecentPlacements.mark(1000, 4);
    double[] disk = {10, 30, 30, 35, 40};
    NodeLoad[] loads = new NodeLoad[disk.length];
    int[] placed = new int[disk.length];
    for (int block = 0; block < 40; block++) {
      for (int i = 0; i < disk.length; i++) {
        loads[i] = new NodeLoad(disk[i], 0, 10, 40, 2, recent.since("n" + i, mark));
      }
      int chosen = c.choose(loads, loads.length);
      recent.placed("n" + chosen, mark);
      placed[chosen]++;
    }
    return placed[0];
  }

  @Test
  void recentPlacements_restartAtANewReport() {
    RecentPlacements recent = new RecentPlacements();
    long first = RecentPlacements.mark(1000, 4);
    recent.placed("a", first);
    recent.placed("a", first);
    assertEquals(2, recent.since("a", first));
    long next = RecentPlacements.mark(1000, 5);
    assertEquals(0, recent.since("a", next));
    recent.placed("a", next);
    assertEquals(1, recent.since("a", next));
    assertTrue(RecentPlacements.mark(4000, -1) != RecentPlacements.mark(1000, -1));
  }
}
