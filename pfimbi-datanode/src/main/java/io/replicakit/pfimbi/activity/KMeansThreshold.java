/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.activity;

/**
 * Learns where "busy" begins for one storage type: the thesis's Algorithm 1 (§4.7, motivated in §4.2.2), a
 * two-cluster k-means whose centres are exponentially weighted moving averages. Each sample joins the nearer
 * centre (a tie goes to the high one) and moves only that centre by {@code alpha}; the threshold is the midpoint
 * of the two centres.
 *
 * <p>Why learned, and why moving averages: a fixed threshold cannot suit SSDs and HDDs alike, nor a disk whose
 * latency drifts as it fills; the averages follow such drift without the clusters ever being reset. A larger
 * {@code alpha} follows faster and forgets sooner; {@code alpha = 1} keeps only the latest sample of each cluster.
 *
 * <p>Any finite value is a valid sample, including a negative one (MemDisk, §4.6.1); NaN and infinities are
 * refused by {@link #observe} and leave the state unchanged. Thread-safe.
 */
public final class KMeansThreshold {

  public static final double DEFAULT_HIGH = 1.0;
  public static final double DEFAULT_LOW = 0.0;

  private final double alpha;
  private double high;
  private double low;
  private long samples;

  /** Algorithm 1 as published: high centre 1, low centre 0. */
  public KMeansThreshold(double alpha) {
    this(alpha, DEFAULT_HIGH, DEFAULT_LOW);
  }

  /**
   * Seeded centres, e.g. from a previous run or the metric's known scale, so the first samples are classified
   * sensibly sooner. {@code initialHigh} must exceed {@code initialLow}: with equal centres every sample would tie
   * into the high cluster and the low one would never move.
   */
  public KMeansThreshold(double alpha, double initialHigh, double initialLow) {
    if (!(alpha > 0 && alpha <= 1)) {
      throw new IllegalArgumentException("alpha must be in (0, 1], was " + alpha);
    }
    if (!Double.isFinite(initialHigh) || !Double.isFinite(initialLow) || initialHigh <= initialLow) {
      throw new IllegalArgumentException("initial centres must be finite with high > low, were high=" + initialHigh
          + " low=" + initialLow);
    }
    this.alpha = alpha;
    this.high = initialHigh;
    this.low = initialLow;
  }

  /**
   * Adds one activity sample (lines 4-10 of Algorithm 1).
   *
   * @return false, without any change, if {@code activity} is NaN or infinite
   */
  public synchronized boolean observe(double activity) {
    if (!Double.isFinite(activity)) {
      return false;
    }
    if (Math.abs(activity - high) <= Math.abs(activity - low)) {
      high = (1 - alpha) * high + alpha * activity;
    } else {
      low = (1 - alpha) * low + alpha * activity;
    }
    samples++;
    return true;
  }

  /** The midpoint of the two centres. */
  public synchronized double threshold() {
    return (high + low) / 2;
  }

  /** Whether {@code activity} counts as busy: at or above the threshold. */
  public boolean isBusy(double activity) {
    if (Double.isNaN(activity)) {
      throw new IllegalArgumentException("activity must be a number, was NaN");
    }
    return activity >= threshold();
  }

  public synchronized double highCentre() {
    return high;
  }

  public synchronized double lowCentre() {
    return low;
  }

  /** Samples accepted so far. */
  public synchronized long samples() {
    return samples;
  }

  public double alpha() {
    return alpha;
  }
}
