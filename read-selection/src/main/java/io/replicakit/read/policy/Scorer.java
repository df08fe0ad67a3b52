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
 * volume since its DataNode's latest sample ({@link Scores#assignment}), and the replica read first is drawn by
 * the {@link HeadroomDraw}: among the closest replicas not clearly worse by load from elsewhere, at random with
 * a weight falling with the cube of the volume's queue estimate, the sampled queue plus those blocks (C3's
 * concurrency compensation). The rest of the order (replicas the client falls back to) is the paper's: highest
 * score first, each volume's score less {@link ScoreModel#assignmentPenalty()} points per block counted, at most
 * its read points ({@link ScoreModel#readPoints}), so a quiet node never falls below one a sample shows saturated
 * by another tenant.
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
    /** The volume's sampled queue length ({@link ScoreModel#queue}); NaN when the sample has none. */
    private final double queue;
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
      this.queue = model.queue(sample, replica.storageId());
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

  /**
   * How long a volume's entry is kept without being confirmed, and how often such entries are forgotten: ten
   * minutes. An entry not confirmed that long belongs to a DataNode that has had no fresh sample since (dead,
   * removed, or its volume gone); were it scored again, a new sample would replace it anyway, so forgetting it
   * loses nothing but the memory it held (with its DataNode's whole last sample).
   */
  static final long KEEP_MS = 600_000;

  private final ScoreModel model;
  private final HeadroomDraw draw;
  private final Supplier<SystemStateView> states;
  /** One entry per volume scored lately; a volume's entry is replaced when its DataNode's sample is. */
  private final IdentityTable<VolumeEntry> volumes = new IdentityTable<>(v -> v.storageId);
  private volatile long nextPruneMs = Long.MIN_VALUE;

  Scorer(ScoreModel model, Supplier<SystemStateView> states) {
    this.model = model;
    this.draw = new HeadroomDraw(model.margin(), model.queueExponent());
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
    private final HeadroomDraw.Loads loads;
    private final VolumeEntry[] volumes;
    private final HeadroomDraw draw;

    private Scores(List<Replica> replicas, double[] score, double[] penalty, HeadroomDraw.Loads loads,
        VolumeEntry[] volumes, HeadroomDraw draw) {
      this.replicas = replicas;
      this.score = score;
      this.penalty = penalty;
      this.loads = loads;
      this.volumes = volumes;
      this.draw = draw;
    }

    /**
     * Each replica's distance plus state points, less its assignment penalty (callers may add to them, e.g. a
     * class bonus, before {@link #best}).
     */
    double[] values() {
      return score;
    }

    /** What the draw sees: each replica's other-load points and queue estimate, sample plus blocks since. */
    HeadroomDraw.Loads loads() {
      return loads;
    }

    /** {@link #best(RandomGenerator, boolean[])} with no replica preferred. */
    List<Replica> best(RandomGenerator random) {
      return best(random, null);
    }

    /**
     * The replica drawn by the {@link HeadroomDraw} first (those in {@code preferred} preferred, when any is not
     * clearly worse), then the others by {@link #values()}, highest first. Without a draw (margin 0), strictly by
     * {@link #values()}.
     */
    List<Replica> best(RandomGenerator random, boolean[] preferred) {
      int first = -1;
      if (draw.draws() && replicas.size() > 1) {
        first = draw.pick(replicas, loads, preferred, random);
      }
      return select(replicas, sort(replicas, score, penalty, random), first);
    }

    /**
     * What records that {@code first} was put first for this block, so the following blocks see its volume as
     * that much busier until its DataNode's next sample; nothing for a volume without a scored sample.
     */
    Runnable assignment(Replica first) {
      for (int i = 0; i < volumes.length; i++) {
        if (replicas.get(i) == first) {
          return volumes[i] == null ? Ordering.NOTHING : volumes[i]::assign;
        }
      }
      return Ordering.NOTHING;
    }
  }

  /**
   * One handler thread's arrays for scoring a block, reused block after block: scoring runs for every block read,
   * and these arrays were over a third of what ordering a block allocated (about 690 B at 3 replicas for
   * {@code combined}, against 350 B for HDFS's own sort), garbage for the NameNode's collector and fresh memory for
   * every core to stream through. A block's {@link Scores} are used only while its order is decided, on the thread
   * that scored it and before it scores the next; their arrays come back zeroed (null) as new ones would. Blocks
   * with more than {@link #REUSED} replicas get new arrays.
   */
  private static final class Scratch {

    static final int REUSED = 16;

    private final double[][] score = new double[REUSED + 1][];
    private final double[][] penalty = new double[REUSED + 1][];
    private final double[][] otherLoad = new double[REUSED + 1][];
    private final double[][] queue = new double[REUSED + 1][];
    private final double[][] weights = new double[REUSED + 1][];
    private final VolumeEntry[][] entries = new VolumeEntry[REUSED + 1][];

    /** {@code bySize[n]}, zeroed, made on first use; a new array past {@link #REUSED}. */
    static double[] zeroed(double[][] bySize, int n) {
      if (n > REUSED) {
        return new double[n];
      }
      double[] a = bySize[n];
      if (a == null) {
        bySize[n] = a = new double[n];
      } else {
        Arrays.fill(a, 0);
      }
      return a;
    }

    VolumeEntry[] entries(int n) {
      if (n > REUSED) {
        return new VolumeEntry[n];
      }
      VolumeEntry[] a = entries[n];
      if (a == null) {
        entries[n] = a = new VolumeEntry[n];
      } else {
        Arrays.fill(a, null);
      }
      return a;
    }
  }

  private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);

  /**
   * The block's replicas not clearly worse by load from elsewhere ({@link HeadroomDraw#notClearlyWorse}), in their
   * order: the draw's first step alone, for a caller that chooses among them by other means ({@code combined} by
   * volume); {@code replicas} itself when none is left out, null when no replica has a fresh sample. Reads only the
   * volumes' other-load points: no scores, queues or counts.
   */
  List<Replica> notClearlyWorse(List<Replica> replicas) {
    SystemStateView view = states.get();
    long now = view.nowMs();
    pruneIfDue(now);
    int n = replicas.size();
    double[] otherLoad = Scratch.zeroed(scratch.get().otherLoad, n);
    boolean anyScored = false;
    for (int i = 0; i < n; i++) {
      VolumeEntry v = volume(view, replicas.get(i), now);
      otherLoad[i] = v == null ? Double.NaN : v.otherLoadPoints;
      anyScored |= v != null;
    }
    return anyScored ? draw.notClearlyWorse(replicas, otherLoad) : null;
  }

  /** The block's scores; null when no replica has a fresh sample. */
  Scores scores(List<Replica> replicas) {
    SystemStateView view = states.get();
    long now = view.nowMs();
    pruneIfDue(now);
    int n = replicas.size();
    Scratch s = scratch.get();
    double[] score = Scratch.zeroed(s.score, n);
    double[] penalty = Scratch.zeroed(s.penalty, n);
    double[] otherLoad = Scratch.zeroed(s.otherLoad, n);
    double[] queue = Scratch.zeroed(s.queue, n);
    VolumeEntry[] entries = s.entries(n);
    double perBlock = model.assignmentPenalty();
    int unscored = 0;
    for (int i = 0; i < n; i++) {
      Replica r = replicas.get(i);
      VolumeEntry v = volume(view, r, now);
      if (v == null || Double.isNaN(v.queue)) {
        unscored++;
      }
      if (v == null) {
        otherLoad[i] = Double.NaN;
        continue;
      }
      int assigned = v.assigned;
      entries[i] = v;
      penalty[i] = Math.min(v.readPoints, perBlock * assigned);
      otherLoad[i] = v.otherLoadPoints;
      score[i] = model.distance(r.locality()) + v.points - penalty[i];
      queue[i] = 1 + (Double.isNaN(v.queue) ? 0 : v.queue) + assigned; // the mean queue added below if NaN
    }
    if (unscored > 0 && !fillUnscored(replicas, score, queue, entries)) {
      return null;
    }
    HeadroomDraw.Loads loads = new HeadroomDraw.Loads(otherLoad, queue, Scratch.zeroed(s.weights, n));
    return new Scores(replicas, score, penalty, loads, entries, draw);
  }

  /**
   * Gives the replicas without a fresh sample the mean state points of those with one, and the volumes whose
   * sample has no queue length the mean sampled queue (neither favoured nor avoided); false when no replica has a
   * fresh sample. The rare path: a DataNode just started, or its heartbeats late.
   */
  private boolean fillUnscored(List<Replica> replicas, double[] score, double[] queue, VolumeEntry[] entries) {
    double stateSum = 0;
    int scored = 0;
    double queueSum = 0;
    int queues = 0;
    for (int i = 0; i < entries.length; i++) {
      VolumeEntry v = entries[i];
      if (v != null) {
        stateSum += score[i] - model.distance(replicas.get(i).locality());
        scored++;
        if (!Double.isNaN(v.queue)) {
          queueSum += v.queue;
          queues++;
        }
      }
    }
    if (scored == 0) {
      return false;
    }
    double meanState = stateSum / scored;
    double meanQueue = queues == 0 ? 0 : queueSum / queues;
    for (int i = 0; i < entries.length; i++) {
      VolumeEntry v = entries[i];
      if (v == null) {
        score[i] = model.distance(replicas.get(i).locality()) + meanState;
        queue[i] = 1 + meanQueue;
      } else if (Double.isNaN(v.queue)) {
        queue[i] += meanQueue;
      }
    }
    return true;
  }

  /**
   * At most every {@link #KEEP_MS}, forgets the volumes not confirmed for that long. Also due when the view's clock
   * is far behind the schedule: the view changed clocks (the NameNode's registry, on its monotonic clock, replaced
   * the empty view of start-up, on the wall clock), and the next prune must not wait for the old clock's time.
   */
  private void pruneIfDue(long now) {
    if (due(now)) {
      prune(now);
    }
  }

  private boolean due(long now) {
    long next = nextPruneMs;
    return now >= next || now < next - KEEP_MS;
  }

  private synchronized void prune(long now) {
    if (!due(now)) {
      return; // another thread pruned meanwhile
    }
    nextPruneMs = now + KEEP_MS;
    // Confirmed on another clock (far ahead of this one) counts as not confirmed: the entry is made again if used.
    volumes.retainIf(v -> Math.abs(now - v.confirmedMs) < KEEP_MS);
  }

  /** Volumes held, for tests. */
  int volumesHeld() {
    return volumes.size();
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

  /** Highest {@code score} first (scores in {@code replicas}' order); ties closest first, then in random order. */
  static List<Replica> best(List<Replica> replicas, double[] score, RandomGenerator random) {
    return select(replicas, sort(replicas, score, null, random), -1);
  }

  /**
   * The replicas' indexes, highest {@code score} first; equal scores closest first, then the higher
   * {@code penalty} (the better measured) first, then in random order. Ties are rare with measured state, so the
   * random generator is only asked when a run of equal keys exists. An insertion sort of the indexes alone,
   * comparing through the arrays: a block has a handful of replicas, and moving only ints (no scores, no
   * references, whose every store is a GC write barrier) keeps the sort to one small array.
   */
  private static int[] sort(List<Replica> replicas, double[] score, double[] penalty, RandomGenerator random) {
    int n = replicas.size();
    int[] index = new int[n];
    for (int i = 0; i < n; i++) {
      index[i] = i;
    }
    boolean tie = false;
    for (int i = 1; i < n; i++) {
      int x = index[i];
      int j = i - 1;
      int c = -1; // the last comparison of x, with the index it stops behind: 0 means a tie
      while (j >= 0 && (c = compare(replicas, score, penalty, index[j], x)) > 0) {
        index[j + 1] = index[j];
        j--;
        c = -1;
      }
      tie |= c == 0;
      index[j + 1] = x;
    }
    if (tie) {
      shuffleTies(replicas, score, penalty, index, random);
    }
    return index;
  }

  /**
   * Positive when replica {@code b} goes before {@code a}, zero when neither does. Scores first: they almost always
   * differ, and then the replicas themselves are not read.
   */
  private static int compare(List<Replica> replicas, double[] score, double[] penalty, int a, int b) {
    if (score[a] != score[b]) {
      return score[a] < score[b] ? 1 : -1;
    }
    int c = Integer.compare(replicas.get(a).distance(), replicas.get(b).distance());
    if (c != 0 || penalty == null) {
      return c;
    }
    return Double.compare(penalty[b], penalty[a]);
  }

  /** The replicas in {@code index}'s order, except {@code first} (when not -1), put first. */
  private static List<Replica> select(List<Replica> replicas, int[] index, int first) {
    Replica[] order = new Replica[index.length];
    int next = 0;
    if (first >= 0) {
      order[next++] = replicas.get(first);
    }
    for (int i : index) {
      if (i != first) {
        order[next++] = replicas.get(i);
      }
    }
    return Arrays.asList(order);
  }

  /** Shuffles each run of equal keys in a sorted {@code index}, so that equals share reads evenly. */
  private static void shuffleTies(List<Replica> replicas, double[] score, double[] penalty, int[] index,
      RandomGenerator random) {
    int start = 0;
    for (int i = 1; i <= index.length; i++) {
      if (i == index.length || compare(replicas, score, penalty, index[start], index[i]) != 0) {
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
