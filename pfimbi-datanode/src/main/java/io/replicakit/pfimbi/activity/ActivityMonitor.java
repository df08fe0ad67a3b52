/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.activity;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * Turns successive counter snapshots of the volumes of one storage type into one activity sample per interval
 * (thesis §4.7, Activity Monitor). The volumes are averaged because the DataNode spreads a storage type's blocks
 * over its volumes in turn, so the next background block lands on an "average" volume of that type.
 *
 * <p>A volume contributes from its second snapshot on; one whose counters are unknown or went back contributes
 * nothing that interval. If no volume contributes, there is no sample, and the caller keeps its last decision
 * input rather than inventing one. Safe to call from several threads, though one sampling thread is the norm.
 */
public final class ActivityMonitor {

  private final ActivityMetric metric;
  private Map<String, DiskCounters> previous = Map.of();

  public ActivityMonitor(ActivityMetric metric) {
    if (metric == null) {
      throw new IllegalArgumentException("metric must not be null");
    }
    this.metric = metric;
  }

  public ActivityMetric metric() {
    return metric;
  }

  /**
   * Records this interval's snapshots (volume id to counters; volumes absent now are forgotten) and returns the
   * average activity since the previous call, or empty if no volume gave a sample.
   */
  public synchronized OptionalDouble observe(Map<String, DiskCounters> volumes) {
    double sum = 0;
    int count = 0;
    for (Map.Entry<String, DiskCounters> e : volumes.entrySet()) {
      DiskCounters before = previous.get(e.getKey());
      if (before == null) {
        continue;
      }
      OptionalDouble sample = metric.between(before, e.getValue());
      if (sample.isPresent() && Double.isFinite(sample.getAsDouble())) {
        sum += sample.getAsDouble();
        count++;
      }
    }
    previous = new HashMap<>(volumes);
    return count == 0 ? OptionalDouble.empty() : OptionalDouble.of(sum / count);
  }
}
