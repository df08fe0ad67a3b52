/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

/**
 * Mean and population standard deviation. The paper's σ rows (Tables 1, 3, 5) describe the whole set of
 * DataNodes, not a sample of them, so the divisor is n, not n - 1. An empty population has mean and σ 0.
 */
record Population(double mean, double std) {

  static Population of(double[] values) {
    if (values.length == 0) {
      return new Population(0, 0);
    }
    double sum = 0;
    for (double v : values) {
      sum += v;
    }
    double mean = sum / values.length;
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return new Population(mean, Math.sqrt(squares / values.length));
  }
}
