/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import io.replicakit.common.config.ValueType;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;

/** The WFQ weights of pipeline positions 2, 3, ...: a comma list of positive numbers, one per position at most. */
final class PositionWeights implements ValueType<List<Double>> {

  /** Positions 2..32: replication is at most 32. */
  static final int MAX_COUNT = 31;
  static final double MAX_WEIGHT = 1e6;

  @Override
  public List<Double> parse(String text) {
    return Arrays.stream(text.split(",", -1)).map(String::trim).map(Double::valueOf).toList();
  }

  @Override
  public String allowed() {
    return "a comma list of 1.." + MAX_COUNT + " numbers each in (0, " + (long) MAX_WEIGHT + "]";
  }

  @Override
  public String outOfRange(List<Double> weights, String text, Configuration conf) {
    if (weights.size() > MAX_COUNT) {
      return "must be " + allowed() + ", had " + weights.size() + " entries";
    }
    if (weights.stream().anyMatch(w -> !(w > 0 && w <= MAX_WEIGHT))) {
      return "must be " + allowed() + ", was '" + text + "'";
    }
    return null;
  }

  @Override
  public String format(List<Double> weights) {
    return weights.stream().map(w -> w == Math.rint(w) ? Long.toString(w.longValue()) : Double.toString(w))
        .collect(Collectors.joining(","));
  }
}
