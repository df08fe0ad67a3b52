/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import static io.replicakit.read.policy.Fixtures.replica;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** {@link HeadroomDraw}: who may be drawn first, and how often each is. */
class HeadroomDrawTest {

  private static final double NAN = Double.NaN;
  private final HeadroomDraw cubic = new HeadroomDraw(0.5, 3);

  private static List<Replica> atDistances(int... distances) {
    Replica[] block = new Replica[distances.length];
    for (int i = 0; i < distances.length; i++) {
      block[i] = replica(i, distances[i], "DISK");
    }
    return List.of(block);
  }

  private static double[] ones(int n) {
    double[] queue = new double[n];
    Arrays.fill(queue, 1);
    return queue;
  }

  private static boolean[] members(HeadroomDraw.Pool pool, int n) {
    boolean[] in = new boolean[n];
    for (int i = 0; i < n; i++) {
      in[i] = pool.contains(i);
    }
    return in;
  }

  private int[] firsts(HeadroomDraw draw, List<Replica> block, HeadroomDraw.Loads loads, int draws, long seed) {
    int[] first = new int[block.size()];
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = 0; i < draws; i++) {
      first[draw.pick(block, loads, null, random)]++;
    }
    return first;
  }

  /**
   * A node a point short of the best in other-load points (another tenant's writes took its write points) is left
   * out; one half a point short (within the margin: a CPU-idle band) is not; one with no sample is not either.
   */
  @Test
  void pool_leavesOutANodeLoadedFromElsewhere_byMoreThanTheMargin() {
    List<Replica> block = atDistances(2, 2, 2, 2);
    double[] other = {4, 3, 3.5, NAN};

    boolean[] pool = members(cubic.pool(block, new HeadroomDraw.Loads(other, ones(4)), null), 4);

    assertArrayEquals(new boolean[] {true, false, true, true}, pool);
  }

  /** Among those kept, only the closest to the reader, as HDFS orders; a closer node left out does not count. */
  @Test
  void pool_keepsTheClosestOfThoseNotLeftOut() {
    List<Replica> block = atDistances(0, 2, 2, 4);
    double[] other = {2, 4, 4, 4};

    boolean[] pool = members(cubic.pool(block, new HeadroomDraw.Loads(other, ones(4)), null), 4);

    assertArrayEquals(new boolean[] {false, true, true, false}, pool);
  }

  /**
   * The preferred replicas (the storage class whose turn it is) are the pool when any of them is kept, even
   * farther ones; when every preferred one is left out, the others are.
   */
  @Test
  void pool_isThePreferredKept_elseTheOthers() {
    List<Replica> block = atDistances(4, 2, 2);
    boolean[] ssdFirst = {true, false, false};

    HeadroomDraw.Loads allHealthy = new HeadroomDraw.Loads(new double[] {4, 4, 4}, ones(3));
    HeadroomDraw.Loads onlySsdStressed = new HeadroomDraw.Loads(new double[] {2, 4, 4}, ones(3));
    boolean[] healthy = members(cubic.pool(block, allHealthy, ssdFirst), 3);
    boolean[] ssdStressed = members(cubic.pool(block, onlySsdStressed, ssdFirst), 3);

    assertArrayEquals(new boolean[] {true, false, false}, healthy);
    assertArrayEquals(new boolean[] {false, true, true}, ssdStressed);
  }

  /** Picks on one block's loads with different preferred replicas never draw a replica outside their own pool. */
  @Test
  void pick_onReusedLoads_drawsOnlyFromItsOwnPool() {
    List<Replica> block = atDistances(2, 2, 2);
    HeadroomDraw.Loads loads = new HeadroomDraw.Loads(new double[] {4, 4, 4}, ones(3));
    RandomGenerator random = new SplittableRandom(3);
    for (int i = 0; i < 200; i++) {
      int later = cubic.pick(block, loads, new boolean[] {false, true, true}, random);
      int earlier = cubic.pick(block, loads, new boolean[] {true, true, false}, random);
      assertTrue(later == 1 || later == 2, "drew " + later + " from the pool {1, 2}");
      assertTrue(earlier == 0 || earlier == 1, "drew " + earlier + " from the pool {0, 1}");
    }
  }

  /** Weights 1 / queue^3: queue estimates 1, 2 and 4 get 64, 8 and 1 parts of the draws. */
  @Test
  void pick_drawsInProportionToTheInverseCubeOfTheQueueEstimate() {
    List<Replica> block = atDistances(2, 2, 2);
    HeadroomDraw.Loads loads = new HeadroomDraw.Loads(new double[] {4, 4, 4}, new double[] {1, 2, 4});
    int draws = 73_000;

    int[] first = firsts(cubic, block, loads, draws, 1);

    assertEquals(64_000, first[0], 600, Arrays.toString(first));
    assertEquals(8_000, first[1], 400, Arrays.toString(first));
    assertEquals(1_000, first[2], 150, Arrays.toString(first));
  }

  /** A pool of one (a local replica, the other two in the rack) is no draw: that replica, the random source unasked. */
  @Test
  void pick_fromAPoolOfOne_takesIt_withoutDrawing() {
    List<Replica> block = atDistances(2, 0, 2);
    HeadroomDraw.Loads loads = new HeadroomDraw.Loads(new double[] {4, 4, 4}, new double[] {1, 9, 1});
    RandomGenerator unasked = () -> {
      throw new AssertionError("the random source was asked");
    };

    assertEquals(1, cubic.pick(block, loads, null, unasked));
  }

  /** Exponent 0 draws uniformly among the pool, whatever the queues; the replica left out is never drawn. */
  @Test
  void exponentZero_drawsUniformly_amongThePoolOnly() {
    List<Replica> block = atDistances(2, 2, 2);
    HeadroomDraw.Loads loads = new HeadroomDraw.Loads(new double[] {4, 4, 2}, new double[] {1, 9, 1});

    int[] first = firsts(new HeadroomDraw(0.5, 0), block, loads, 10_000, 2);

    assertEquals(5_000, first[0], 250, Arrays.toString(first));
    assertEquals(5_000, first[1], 250, Arrays.toString(first));
    assertEquals(0, first[2]);
  }

  @Test
  void marginZero_meansNoDraw() {
    assertEquals(false, new HeadroomDraw(0, 3).draws());
    assertEquals(true, cubic.draws());
  }

  /** A queue reported absurdly (infinite, NaN) leaves its replica drawable, never ahead of a sane one. */
  @Test
  void absurdQueues_stayDrawable() {
    List<Replica> block = atDistances(2, 2);
    HeadroomDraw.Loads onlyAbsurd = new HeadroomDraw.Loads(new double[] {4, 2}, new double[] {Double.NaN, 1});
    HeadroomDraw.Loads oneAbsurd = new HeadroomDraw.Loads(new double[] {4, 4},
        new double[] {Double.POSITIVE_INFINITY, 1});

    assertEquals(0, cubic.pick(block, onlyAbsurd, null, new SplittableRandom(1)));
    assertEquals(1_000, firsts(cubic, block, oneAbsurd, 1_000, 3)[1]);
  }
}
