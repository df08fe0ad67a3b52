/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One variant in one stage of an experiment: flat metrics (unit in the name, {@code _std} for deviations) and
 * optional per-node or per-rack detail, as {@code shared/experiment-results.md} prescribes.
 */
public record RunResult(String variant, boolean baseline, String stage, int repetitions,
    Map<String, Double> metrics, Map<String, Object> detail) {

  public RunResult {
    Objects.requireNonNull(variant, "variant");
    Objects.requireNonNull(stage, "stage");
    metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    detail = Collections.unmodifiableMap(new LinkedHashMap<>(detail));
  }

  /** The metric, or NaN when this run did not measure it. */
  public double metric(String name) {
    return metrics.getOrDefault(name, Double.NaN);
  }
}
