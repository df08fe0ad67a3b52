/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.SystemStateView;
import io.replicakit.common.state.VolumeMetrics;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * DRR's weight (read paper §3.2): it starts at WRR's weight and moves with the storage types' measured
 * utilization. It is kept as an offset to WRR's weight for the block's storage types, so one controller serves
 * blocks of any type mix. When the average utilization of a fast type is below its threshold, the weight rises
 * (more reads to fast storage); otherwise, when the slow type's is below its threshold, it falls (more reads to
 * slow storage); a higher threshold makes the weight move more aggressively.
 *
 * <p>The paper does not say what happens when both are below their thresholds. Here fast storage comes first, as
 * its own results do (§4.2: "the utilization of fast storage significantly affects overall throughput"): while the
 * fast devices have room, reads go to them, and the slow devices only take the reads the fast ones cannot serve.
 * Moving both ways at once cancelled out and left the weight at WRR's, so DRR could not beat storage-type selection
 * when the fast devices were not saturated.
 *
 * <p>DRR by volume ({@link DrrBalance#VOLUME}) moves the weight only toward balance: up while a fast type has room
 * and no slow type has, down while a slow type has room and no fast type has, and not at all while both or neither
 * have room. There the fast-first rule is already in the choice (a block goes to fast storage whenever its
 * backlog finishes it first), and the weight is the model's speed of fast volumes: one step is a fifth of it at
 * weight 5. Raised on the samples of a job ramping up (both types with room), the model's fast volumes became
 * faster than the devices and got nearly every read while the slow ones idled: with clients listing block by
 * block, a read at weight 6 from its first second gave 114 MB/s, one at weight 5 131 MB/s (docs/experiments/
 * read-selection.md, "Block-by-block listings"). And it moves only when two adjustments in a row, each on newer
 * samples, ask for the same direction: a job's last second, where the SSDs finish its last reads and the DISKs have
 * nothing left, asks for a lower weight once, and that step used to stay for the whole of the next job (the idle
 * hold keeps it): in the quick runs of sessions 38 and 39, DRR's second reads that began at weight 4 read 105–115
 * MB/s, those at 5 120–125 (docs/experiments/read-selection.md, session 39). A model that is wrong asks again
 * and again; a passing moment does not.
 *
 * <p>Utilization comes from heartbeat-metrics' fresh samples, averaged per storage type over all volumes. Each
 * adjustment uses samples newer than the previous adjustment's, at most once per interval. Without fresh
 * samples the weight stays where it is, so DRR keeps splitting reads at its last weight (its static model of
 * the storage speeds still holds) and does not fall back to network distance.
 */
final class DrrWeight {

  private final DrrSettings settings;
  private final StorageModel model;
  private final Supplier<SystemStateView> states;
  private final LongSupplier clockMs;
  private final double staticWeight;
  private final boolean towardBalance;
  private volatile double offset;
  private volatile double lastWeight = Double.NaN;
  private volatile double lastBase = Double.NaN;
  private volatile long nextAdjustMs = Long.MIN_VALUE;
  private long newestSampleMs = Long.MIN_VALUE;
  /** Toward balance: the direction the previous adjustment on newer samples asked for (-1, 0, +1). */
  private int asked;

  /**
   * @param staticWeight WRR's configured weight, or NaN to derive it from the throughputs per block
   * @param towardBalance move only toward balance (DRR by volume) instead of fast storage first (the paper's)
   */
  DrrWeight(DrrSettings settings, StorageModel model, PolicyEnvironment env, double staticWeight,
      boolean towardBalance) {
    this.settings = settings;
    this.model = model;
    this.states = env.states();
    this.clockMs = env.clockMs();
    this.staticWeight = staticWeight;
    this.towardBalance = towardBalance;
  }

  /** The weight for a block's storage types now, after an adjustment if one is due. */
  double current(StorageModel.Classes classes) {
    long now = clockMs.getAsLong();
    if (now >= nextAdjustMs) {
      adjust(now);
    }
    double base = WeightedRoundRobinPolicy.weightOf(classes, staticWeight);
    double w = clamp(base + offset);
    // Volatile writes fence the CPU; the values change once per adjustment or type mix, not per block.
    if (Double.doubleToRawLongBits(base) != Double.doubleToRawLongBits(lastBase)) {
      lastBase = base;
    }
    if (Double.doubleToRawLongBits(w) != Double.doubleToRawLongBits(lastWeight)) {
      lastWeight = w;
    }
    return w;
  }

  /** The weight most recently used, for monitoring. */
  double lastWeight() {
    return lastWeight;
  }

  /** How far the measurements have moved the weight from WRR's. */
  double offset() {
    return offset;
  }

  private synchronized void adjust(long now) {
    if (now < nextAdjustMs) {
      return; // another thread adjusted meanwhile
    }
    nextAdjustMs = now + settings.intervalMs();
    Map<String, double[]> byType = new HashMap<>(); // type -> {sum, count}
    long newest = newestSampleMs;
    for (NodeState node : states.get().all()) {
      // a node out of service (decommissioning, maintenance) serves no read HDFS can give elsewhere, while its disks
      // stay busy as the preferred re-replication source: averaged in, it made the slow class look full (session 54)
      if (node.stale() || !node.inService() || node.receivedMs() <= newestSampleMs) {
        continue;
      }
      newest = Math.max(newest, node.receivedMs());
      for (VolumeMetrics v : node.sample().volumes()) {
        if (v.hasUtilization()) {
          double[] acc = byType.computeIfAbsent(v.storageType(), t -> new double[2]);
          acc[0] += v.utilizationPct();
          acc[1]++;
        }
      }
    }
    newestSampleMs = newest;
    if (byType.size() < 2) {
      return; // no samples, or a single storage type: nothing to balance
    }
    double next = offset + confirmed(step(byType));
    // The offset never runs past the weight range (for the latest block's base weight), so that a reversal
    // takes effect at the next adjustment instead of first unwinding a clamped surplus.
    // Before any block was ordered there is no base yet: bound by the range's width instead.
    double span = settings.maxWeight() - settings.minWeight();
    double low = Double.isNaN(lastBase) ? -span : settings.minWeight() - lastBase;
    double high = Double.isNaN(lastBase) ? span : settings.maxWeight() - lastBase;
    offset = Math.max(low, Math.min(high, next));
  }

  /**
   * +step while a fast type has room, else -step while the slow type has room, else 0 (toward balance: +step only
   * if no slow type has room, -step only if no fast type has, else 0); and 0 while every type is
   * idle (below {@link DrrSettings#idlePct}): reads start after a pause on samples taken during it, and without
   * this hold each start raised the weight by a step (fast storage "has room" on an idle cluster), so DRR began
   * every job with more reads on fast storage than its devices' speeds say.
   */
  private double step(Map<String, double[]> byType) {
    double slowest = byType.keySet().stream().mapToDouble(model::throughput).min().orElseThrow();
    boolean fastHasRoom = false;
    boolean slowHasRoom = false;
    double busiest = 0;
    for (Map.Entry<String, double[]> e : byType.entrySet()) {
      double utilization = e.getValue()[0] / e.getValue()[1];
      busiest = Math.max(busiest, utilization);
      boolean room = utilization < settings.threshold(e.getKey());
      if (model.throughput(e.getKey()) > slowest) {
        fastHasRoom |= room;
      } else {
        slowHasRoom |= room;
      }
    }
    if (busiest < settings.idlePct()) {
      return 0;
    }
    if (towardBalance && fastHasRoom == slowHasRoom) {
      return 0;
    }
    return fastHasRoom ? settings.step() : slowHasRoom ? -settings.step() : 0;
  }

  /** The step, once two adjustments in a row asked for it (toward balance only; the paper's rule steps at once). */
  private double confirmed(double step) {
    if (!towardBalance) {
      return step;
    }
    int direction = (int) Math.signum(step);
    boolean again = direction != 0 && direction == asked;
    asked = direction;
    return again ? step : 0;
  }

  private double clamp(double w) {
    return Math.max(settings.minWeight(), Math.min(settings.maxWeight(), w));
  }
}
