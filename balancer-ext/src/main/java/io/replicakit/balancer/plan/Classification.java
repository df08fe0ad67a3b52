/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The storage units of one balancing iteration with their roles and byte budgets, computed as HDFS's Balancer
 * does (its {@code init} and {@code computeMaxSize2Move}): the mean utilization per storage type over every
 * unit; a source may send, and a target receive, the bytes between its utilization and the mean (a target no
 * more than it has free), at most {@code maxBytesPerUnit} per iteration.
 *
 * @param units the units, with their roles and budgets
 * @param bytesLeftToMove what HDFS's Balancer reports as "Bytes Left To Move": the larger of the bytes above the
 *     threshold band on over-utilized units and below it on under-utilized ones; 0 means balanced
 */
public record Classification(List<Entry> units, long bytesLeftToMove) {

  /**
   * One unit's role and budget.
   *
   * @param bandRoom for an above-average unit, the bytes it can take before it leaves the threshold band (a last
   *     resort for over-utilized sources, {@link MovePlanner}); 0 for the others
   * @param beyond whether the unit is further than the threshold from the mean (a busy one too)
   */
  public record Entry(StorageUnit unit, Role role, double meanPct, long budget, long bandRoom, boolean beyond) {}

  public Classification {
    units = List.copyOf(units);
  }

  /**
   * Classifies {@code units} for a threshold of {@code thresholdPct} percentage points. Units busier than
   * {@code busyMaxPct} (heartbeat metrics) count towards the mean but take no part.
   */
  public static Classification of(List<StorageUnit> units, double thresholdPct, double busyMaxPct,
      long maxBytesPerUnit) {
    Map<String, double[]> totals = new HashMap<>();
    for (StorageUnit u : units) {
      double[] t = totals.computeIfAbsent(u.storageType(), k -> new double[2]);
      t[0] += u.used();
      t[1] += u.capacity();
    }
    List<Entry> entries = new ArrayList<>();
    long over = 0;
    long under = 0;
    for (StorageUnit u : units) {
      double[] t = totals.get(u.storageType());
      double mean = t[0] * 100 / t[1];
      double diff = u.utilizationPct() - mean;
      double beyond = Math.abs(diff) - thresholdPct;
      if (beyond > 0) {
        if (diff > 0) {
          over += bytes(beyond, u.capacity());
        } else {
          under += bytes(beyond, u.capacity());
        }
      }
      Role role = u.busyPct() > busyMaxPct ? Role.BUSY
          : diff > 0 ? (beyond > 0 ? Role.OVER : Role.ABOVE)
          : (beyond > 0 ? Role.UNDER : Role.BELOW);
      long budget = bytes(Math.abs(diff), u.capacity());
      if (diff <= 0) {
        budget = Math.min(budget, u.remaining());
      }
      long bandRoom = role == Role.ABOVE ? Math.min(bytes(thresholdPct - diff, u.capacity()), u.remaining()) : 0;
      entries.add(new Entry(u, role, mean, Math.min(budget, maxBytesPerUnit), bandRoom, beyond > 0));
    }
    return new Classification(entries, Math.max(over, under));
  }

  /**
   * Whether some source may send to some target (HDFS's pairing, same storage type, both with budget, or an
   * over-utilized source and an above-average unit with room in the band): without such a pair no block can
   * move, as HDFS's Balancer finds when it chooses its storage groups.
   */
  public boolean hasPairs() {
    for (Entry s : units) {
      for (Entry t : units) {
        boolean pair = (t.budget() > 0 && s.role().pairsWith(t.role()))
            || (s.role() == Role.OVER && t.bandRoom() > 0 && t != s);
        if (s.budget() > 0 && pair && s.unit().storageType().equals(t.unit().storageType())) {
          return true;
        }
      }
    }
    return false;
  }

  /** The units beyond the threshold, for the log when nothing can move: role (BUSY too), node, rack, utilization. */
  public List<String> beyondThreshold() {
    return units.stream().filter(Entry::beyond)
        .map(e -> String.format(java.util.Locale.ROOT, "%s %s %s %.2f%% (mean %.2f%%)", e.role(), e.unit().node(),
            e.unit().rack(), e.unit().utilizationPct(), e.meanPct()))
        .toList();
  }

  private static long bytes(double pct, long capacity) {
    return (long) (pct * capacity / 100.0);
  }

  /** Population standard deviation of the units' utilization, in percentage points. */
  public static double utilizationStdPct(List<StorageUnit> units) {
    double mean = units.stream().mapToDouble(StorageUnit::utilizationPct).average().orElse(0);
    double var = units.stream().mapToDouble(u -> Math.pow(u.utilizationPct() - mean, 2)).average().orElse(0);
    return Math.sqrt(var);
  }
}
