/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import java.util.List;

/**
 * Mean and sample standard deviation of repeated measurements. One measurement has no spread to tell: its
 * deviation is NaN, written as {@code null} in {@code results.json} (a 0 would claim a spread of nothing).
 */
public record Stats(double mean, double std, int n) {

  public static Stats of(List<Double> values) {
    int n = values.size();
    if (n == 0) {
      return new Stats(Double.NaN, Double.NaN, 0);
    }
    double mean = values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    if (n == 1) {
      return new Stats(mean, Double.NaN, 1);
    }
    double ss = values.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
    return new Stats(mean, Math.sqrt(ss / (n - 1)), n);
  }
}
