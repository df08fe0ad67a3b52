/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.activity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KMeansThresholdTest {

  /** A sample from one of two activity levels, chosen at random: busy {@code high±spread}, idle {@code low±…}. */
  private static double bimodal(Random random, double low, double lowSpread, double high, double highSpread) {
    return random.nextBoolean()
        ? low + (2 * random.nextDouble() - 1) * lowSpread
        : high + (2 * random.nextDouble() - 1) * highSpread;
  }

  @Test
  void startsFromAlgorithm1sCentres_highOne_lowZero() {
    KMeansThreshold k = new KMeansThreshold(0.1);

    assertEquals(1.0, k.highCentre());
    assertEquals(0.0, k.lowCentre());
    assertEquals(0.5, k.threshold());
    assertEquals(0, k.samples());
  }

  @Test
  void followsAlgorithm1_stepByStep() {
    KMeansThreshold k = new KMeansThreshold(0.5);

    k.observe(9); // |9-1| <= |9-0|: high = 0.5*1 + 0.5*9 = 5
    assertEquals(5.0, k.highCentre(), 1e-12);
    k.observe(1); // |1-5| = 4 > |1-0| = 1: low = 0.5
    assertEquals(0.5, k.lowCentre(), 1e-12);
    k.observe(2.75); // equidistant from 5 and 0.5: the tie goes to high = 3.875
    assertEquals(3.875, k.highCentre(), 1e-12);
    assertEquals((3.875 + 0.5) / 2, k.threshold(), 1e-12);
    assertEquals(3, k.samples());
  }

  @Test
  void bimodalSignal_putsTheThresholdBetweenTheModes() {
    Random random = new Random(42);
    KMeansThreshold k = new KMeansThreshold(0.1);

    for (int i = 0; i < 500; i++) {
      k.observe(bimodal(random, 5, 1, 50, 5));
    }

    assertTrue(k.threshold() > 6 && k.threshold() < 45, "threshold " + k.threshold());
    assertEquals(5, k.lowCentre(), 1.5);
    assertEquals(50, k.highCentre(), 5);
    assertTrue(k.isBusy(45) && !k.isBusy(6));
  }

  @Test
  void whenBothLevelsShift_theThresholdFollows_withinABoundedNumberOfSamples() {
    Random random = new Random(7);
    KMeansThreshold k = new KMeansThreshold(0.1);
    for (int i = 0; i < 500; i++) {
      k.observe(bimodal(random, 5, 1, 50, 5));
    }

    int settledAt = -1;
    for (int i = 0; i < 1_000; i++) {
      k.observe(bimodal(random, 100, 10, 400, 40));
      boolean between = k.threshold() > 110 && k.threshold() < 360;
      if (between && settledAt < 0) {
        settledAt = i;
      } else if (!between) {
        settledAt = -1;
      }
    }

    assertTrue(settledAt >= 0 && settledAt < 300, "threshold between the new modes for good after sample "
        + settledAt + ", now " + k.threshold());
    assertEquals(100, k.lowCentre(), 15);
    assertEquals(400, k.highCentre(), 40);
  }

  @Test
  void alphaOne_keepsOnlyTheLatestSampleOfEachCluster() {
    KMeansThreshold k = new KMeansThreshold(1.0);

    k.observe(10);
    k.observe(2);
    k.observe(12);

    assertEquals(12, k.highCentre());
    assertEquals(2, k.lowCentre());
    assertEquals(7, k.threshold());
  }

  @Test
  void seededCentres_areUsedFromTheFirstSample() {
    KMeansThreshold k = new KMeansThreshold(0.1, 400, 100);

    assertEquals(250, k.threshold());
    k.observe(120);
    assertEquals(102, k.lowCentre(), 1e-12);
    assertEquals(400, k.highCentre());
  }

  @Test
  void negativeSamples_areValid_becauseMemDiskCanBeNegative() {
    KMeansThreshold k = new KMeansThreshold(0.5);

    assertTrue(k.observe(-4));

    assertEquals(-2, k.lowCentre(), 1e-12);
    assertFalse(k.isBusy(-4));
  }

  @ParameterizedTest
  @ValueSource(doubles = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY})
  void nonFiniteSamples_areIgnored_andChangeNothing(double bad) {
    KMeansThreshold k = new KMeansThreshold(0.5);
    k.observe(10);

    assertFalse(k.observe(bad));

    assertEquals(5.5, k.highCentre());
    assertEquals(0.0, k.lowCentre());
    assertEquals(1, k.samples());
  }

  @Test
  void isBusy_atTheThreshold_isBusy_andRejectsNaN() {
    KMeansThreshold k = new KMeansThreshold(0.1, 10, 0);

    assertTrue(k.isBusy(5));
    assertFalse(k.isBusy(4.999));
    assertThrows(IllegalArgumentException.class, () -> k.isBusy(Double.NaN));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0, -0.1, 1.0001, Double.NaN})
  void alphaOutsideZeroToOne_isRejected(double alpha) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new KMeansThreshold(alpha));
    assertTrue(e.getMessage().contains("(0, 1]"), e.getMessage());
  }

  @Test
  void seeds_mustHaveHighAboveLow() {
    assertThrows(IllegalArgumentException.class, () -> new KMeansThreshold(0.1, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> new KMeansThreshold(0.1, 0, 1));
    assertThrows(IllegalArgumentException.class, () -> new KMeansThreshold(0.1, Double.NaN, 0));
  }
}
