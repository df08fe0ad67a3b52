/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import io.replicakit.common.state.SystemStateView;
import io.replicakit.common.state.SystemSample;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Scores a block's replicas with the {@link ScoreModel} from the DataNodes' fresh system state. A replica whose
 * DataNode has no fresh sample gets the mean state points of those that have one (it is neither favoured nor
 * avoided); when none has, there is nothing to score and the caller falls back to network distance. Works on
 * arrays: it runs for every replica of every block read.
 *
 * <p>A sample is a snapshot taken up to an interval ago; every reader that asks before the next one sees the
 * same scores, so a deterministic "highest first" would send all of them to the same DataNode and the next
 * sample would show it overloaded (herding). The scorer therefore counts the blocks it has put first on each
 * volume since its DataNode's latest sample ({@link Scores#assignFirst}) and takes
 * {@link ScoreModel#assignmentPenalty()} points per block off the replica's score, until a new sample shows the
 * real effect and the count starts again. The blocks stand for reads the sample has not seen, which load the
 * volume they are read from: they are counted per volume and take at most the read points the volume still has
 * ({@link ScoreModel#readPoints}), so a quiet node never falls below one that a sample shows saturated by
 * another tenant, however many readers it was given. It may bring the quiet node within the
 * {@link ScoreModel#margin margin} of the saturated one, though, and the margin draws the first replica at random
 * among those; so the draw also leaves out a replica whose node shows more load from elsewhere than the one
 * ranked first ({@link ScoreModel#otherLoadPoints}: CPU, memory, writes; more than the margin). Nodes that differ
 * only in what reads do to them (read throughput, await) still share the reads, which is what keeps readers
 * from herding between samples.
 */
final class Scorer {

  /**
   * A volume's state points under its DataNode's sample, computed once per sample (samples change once per
   * interval, reads come many times per interval), with when the registry last confirmed that sample and the
   * blocks put first on the volume since. Keyed by storage ID and self-contained, so that scoring a replica is
   * one probe of an {@link IdentityTable} and reads of one object: the memory reads of the lookup are the path's
   * dominant cost, and a per-DataNode entry with an array of volumes to search took twice as many.
   */
  private static final class VolumeEntry {

    private static final VarHandle ASSIGNED;

    static {
      try {
        ASSIGNED = MethodHandles.lookup().findVarHandle(VolumeEntry.class, "assigned", int.class);
      } catch (ReflectiveOperationException e) {
        throw new ExceptionInInitializerError(e);
      }
    }

    private final String storageId;
    private final String datanodeUuid;
    private final SystemSample sample;
    private final double points;
    private final double readPoints;
    private final double otherLoadPoints;
    /** When the registry last confirmed {@link #sample} as the DataNode's fresh one (clock of the view). */
    private volatile long confirmedMs;
    /** Blocks put first on the volume since {@link #sample}; counted through {@link #ASSIGNED}. */
    private volatile int assigned;

    VolumeEntry(Replica replica, SystemSample sample, ScoreModel model, long confirmedMs) {
      this.storageId = replica.storageId();
      this.datanodeUuid = replica.datanodeUuid();
      this.sample = sample;
      this.points = model.state(sample, replica.storageId());
      this.readPoints = model.readPoints(sample, replica.storageId());
      this.otherLoadPoints = model.otherLoadPoints(sample, replica.storageId());
      this.confirmedMs = confirmedMs;
    }

    boolean confirmedAt(long now) {
      long since = now - confirmedMs;
      return since >= 0 && since < CONFIRM_MS;
    }

    /** Whether the volume is on this DataNode (a disk moved to another DataNode keeps its storage ID). */
    boolean isOn(String uuid) {
      return datanodeUuid == uuid || datanodeUuid.equals(uuid);
    }

    /** The points the blocks put first on the volume since the sample take off its state points. */
    double penalty(double penaltyPerBlock) {
      return Math.min(readPoints, penaltyPerBlock * assigned);
    }

    void assign() {
      ASSIGNED.getAndAdd(this, 1);
    }
  }

  /**
   * How long a DataNode's sample, once confirmed by the registry, is used without asking again. Samples come
   * every interval (seconds); asking the registry for every replica of every block doubled the lookups. A sample
   * replaced or gone stale is noticed this much later at most.
   */
  static final long CONFIRM_MS = 100;

  private final ScoreModel model;
  private final Supplier<SystemStateView> states;
  /** One entry per volume ever seen; a volume's entry is replaced when its DataNode's sample is. */
  private final IdentityTable<VolumeEntry> volumes = new IdentityTable<>(v -> v.storageId);

  Scorer(ScoreModel model, Supplier<SystemStateView> states) {
    this.model = model;
    this.states = states;
  }

  /**
   * A block's scores, in its replicas' order, with the DataNode states they came from, so that the replica put
   * first is counted against its DataNode without a second lookup.
   */
  static final class Scores {

    private final List<Replica> replicas;
    private final double[] score;
    private final double[] penalty;
    private final double[] otherLoad;
    private final VolumeEntry[] volumes;

    private Scores(List<Replica> replicas, double[] score, double[] penalty, double[] otherLoad,
        VolumeEntry[] volumes) {
      this.replicas = replicas;
      this.score = score;
      this.penalty = penalty;
      this.otherLoad = otherLoad;
      this.volumes = volumes;
    }

    /**
     * Each replica's distance plus state points, less its assignment penalty (callers may add to them, e.g. a
     * class bonus, before {@link #best}).
     */
    double[] values() {
      return score;
    }

    /**
     * The replicas by {@link #values()}, highest first, the first drawn among the equally good ones
     * ({@link Scorer#best(List, double[], double[], double[], RandomGenerator, double)}). Sorts {@link #values()}
     * along.
     */
    List<Replica> best(RandomGenerator random, double margin) {
      return Scorer.best(replicas, score, penalty, otherLoad, random, margin);
    }

    /**
     * Records that {@code first} was put first for this block, so the following blocks see its volume as that
     * much busier until its DataNode's next sample. A volume without a scored sample is not counted.
     */
    void assignFirst(Replica first) {
      for (int i = 0; i < volumes.length; i++) {
        if (replicas.get(i) == first) {
          if (volumes[i] != null) {
            volumes[i].assign();
          }
          return;
        }
      }
    }
  }

  /** Points within which the best replicas count as equally good ({@link ScoreModel#margin}). */
  double margin() {
    return model.margin();
  }

  /** The block's scores; null when no replica has a fresh sample. */
  Scores scores(List<Replica> replicas) {
    SystemStateView view = states.get();
    long now = view.nowMs();
    int n = replicas.size();
    double[] score = new double[n];
    double[] penalty = new double[n];
    double[] otherLoad = new double[n];
    VolumeEntry[] entries = new VolumeEntry[n];
    double perBlock = model.assignmentPenalty();
    double sum = 0;
    int count = 0;
    for (int i = 0; i < n; i++) {
      VolumeEntry v = volume(view, replicas.get(i), now);
      if (v == null) {
        otherLoad[i] = Double.NaN;
      } else {
        entries[i] = v;
        penalty[i] = v.penalty(perBlock);
        otherLoad[i] = v.otherLoadPoints;
        score[i] = v.points - penalty[i];
        sum += score[i];
        count++;
      }
    }
    if (count == 0) {
      return null;
    }
    double mean = sum / count;
    for (int i = 0; i < n; i++) {
      score[i] = model.distance(replicas.get(i).locality()) + (entries[i] != null ? score[i] : mean);
    }
    return new Scores(replicas, score, penalty, otherLoad, entries);
  }

  /**
   * The replica's volume under its DataNode's fresh sample, from the cache while the sample was confirmed less
   * than {@link #CONFIRM_MS} ago; null when the DataNode has no fresh sample.
   */
  private VolumeEntry volume(SystemStateView view, Replica r, long now) {
    VolumeEntry v = volumes.get(r.storageId());
    if (v != null && v.confirmedAt(now) && v.isOn(r.datanodeUuid())) {
      return v;
    }
    SystemSample sample = view.freshSample(r.datanodeUuid(), now);
    if (sample == null) {
      return null;
    }
    if (v != null && v.sample == sample && v.isOn(r.datanodeUuid())) {
      v.confirmedMs = now;
      return v;
    }
    // A new sample, or a volume not seen before (one the sample does not list gets the model's rule for those).
    v = new VolumeEntry(r, sample, model, now);
    volumes.put(v);
    return v;
  }

  /**
   * Highest {@code score} first (scores in {@code replicas}' order, sorted along in place); ties closest first,
   * then in random order.
   */
  static List<Replica> best(List<Replica> replicas, double[] score, RandomGenerator random) {
    return select(replicas, sort(replicas, score, null, random));
  }

  /**
   * {@link #best(List, double[], RandomGenerator)}, then the first replica drawn at random among those at the best
   * one's distance scoring within {@code margin} of it. Scores of equally good DataNodes differ by sampling noise;
   * always taking the highest would send every reader between two samples to the same node. A node more than
   * {@code margin} below the best (a stressed one) is never drawn.
   */
  static List<Replica> best(List<Replica> replicas, double[] score, RandomGenerator random, double margin) {
    return best(replicas, score, null, null, random, margin);
  }

  /**
   * The same, with {@code penalty[i]} the assignment penalty already taken off {@code score[i]} and
   * {@code otherLoad[i]} the replica's {@link ScoreModel#otherLoadPoints} (NaN when unknown; either array null:
   * none). Equal scores rank the better measured (the more penalized) first, and the draw leaves out a replica
   * with more than {@code margin} fewer other-load points than the replica ranked first: the penalty estimates the
   * reads a sample has not seen yet and may bring a quiet node within the margin of one that another tenant's
   * writes saturate, which must still never be drawn in its place.
   */
  static List<Replica> best(List<Replica> replicas, double[] score, double[] penalty, double[] otherLoad,
      RandomGenerator random, double margin) {
    int[] index = sort(replicas, score, penalty, random);
    List<Replica> order = select(replicas, index);
    if (margin <= 0 || order.size() < 2) {
      return order;
    }
    int k = drawable(order, score, otherLoad, index, margin, -1);
    if (k > 1) {
      moveToFront(order, drawable(order, score, otherLoad, index, margin, random.nextInt(k)));
    }
    return order;
  }

  /**
   * With {@code nth < 0}, how many replicas the margin draw may put first: at the first one's distance, scoring
   * within {@code margin} of it, with no more than {@code margin} fewer other-load points; otherwise the position
   * in {@code order} of the {@code nth} of them (from 0). Two passes instead of a scratch array.
   */
  private static int drawable(List<Replica> order, double[] score, double[] otherLoad, int[] index, double margin,
      int nth) {
    int distance = order.get(0).distance();
    double firstOther = otherLoad == null ? Double.NaN : otherLoad[index[0]];
    int k = 0;
    for (int i = 0; i < index.length && score[i] >= score[0] - margin; i++) {
      double other = otherLoad == null ? Double.NaN : otherLoad[index[i]];
      if (order.get(i).distance() == distance && !(other < firstOther - margin)) {
        if (k++ == nth) {
          return i;
        }
      }
    }
    if (nth >= 0) {
      throw new IllegalStateException("fewer than " + (nth + 1) + " drawable replicas");
    }
    return k;
  }

  private static double penaltyOf(double[] penalty, int i) {
    return penalty == null ? 0 : penalty[i];
  }

  /**
   * Sorts {@code score} (in {@code replicas}' order) highest first; equal scores closest first, then the higher
   * {@code penalty} (the better measured) first, then in random order. Returns the replicas' indexes in that
   * order. Ties are rare with measured state, so the random generator is only asked when a run of equal keys
   * exists. The insertion sort moves primitives only (scores, distances, positions): comparing through the
   * replicas and moving references (each store a GC write barrier) cost twice as much at 12 replicas.
   */
  private static int[] sort(List<Replica> replicas, double[] score, double[] penalty, RandomGenerator random) {
    int n = replicas.size();
    int[] distance = new int[n];
    double[] pen = new double[n];
    int[] index = new int[n];
    for (int i = 0; i < n; i++) {
      distance[i] = replicas.get(i).distance();
      pen[i] = penaltyOf(penalty, i);
      index[i] = i;
    }
    boolean tie = false;
    for (int i = 1; i < n; i++) {
      double s = score[i];
      int d = distance[i];
      double p = pen[i];
      int x = index[i];
      int j = i - 1;
      while (j >= 0 && (score[j] < s || (score[j] == s && (distance[j] > d || (distance[j] == d && pen[j] < p))))) {
        score[j + 1] = score[j];
        distance[j + 1] = distance[j];
        pen[j + 1] = pen[j];
        index[j + 1] = index[j];
        j--;
      }
      tie |= j >= 0 && score[j] == s && distance[j] == d && pen[j] == p;
      score[j + 1] = s;
      distance[j + 1] = d;
      pen[j + 1] = p;
      index[j + 1] = x;
    }
    if (tie) {
      shuffleTies(score, distance, pen, index, random);
    }
    return index;
  }

  private static List<Replica> select(List<Replica> replicas, int[] index) {
    Replica[] order = new Replica[index.length];
    for (int i = 0; i < index.length; i++) {
      order[i] = replicas.get(index[i]);
    }
    return Arrays.asList(order);
  }

  /** Moves {@code order[pick]} to the front, the ones before it one place back. */
  private static void moveToFront(List<Replica> order, int pick) {
    Replica first = order.get(pick);
    for (int i = pick; i > 0; i--) {
      order.set(i, order.get(i - 1));
    }
    order.set(0, first);
  }

  /** Shuffles each run of equal (score, distance, penalty) in a sorted order, so that equals share reads evenly. */
  private static void shuffleTies(double[] score, int[] distance, double[] pen, int[] index,
      RandomGenerator random) {
    int start = 0;
    for (int i = 1; i <= index.length; i++) {
      if (i == index.length || score[i] != score[start] || distance[i] != distance[start]
          || pen[i] != pen[start]) {
        for (int k = i - 1; k > start; k--) {
          int swap = start + random.nextInt(k - start + 1);
          int t = index[k];
          index[k] = index[swap];
          index[swap] = t;
        }
        start = i;
      }
    }
  }
}
