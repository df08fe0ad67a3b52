package io.replicakit.read.policy;

import io.replicakit.metrics.registry.SystemStateView;
import io.replicakit.metrics.sample.SystemSample;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
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
 * DataNode since that DataNode's latest sample ({@link Scores#assignFirst}) and takes
 * {@link ScoreModel#assignmentPenalty()} points per block off its score, until a new sample shows the real
 * effect and the count starts again. The blocks stand for reads the sample has not seen, so they take at most
 * the read points the volume still has ({@link ScoreModel#readPoints}): a quiet node never falls below one
 * that a sample shows saturated by another tenant, however many readers it was given.
 */
final class Scorer {

  /**
   * A DataNode's state points per volume, computed once per sample (samples change once per interval, reads
   * come many times per interval), and the blocks put first on it since that sample. Keyed by DataNode UUID,
   * so it holds one entry per DataNode ever seen. Storage IDs are matched by their cached hash first: IDs share
   * long prefixes, so {@code equals} alone compares many characters per miss.
   */
  private static final class Cached {

    private final SystemSample sample;
    private final String[] storageIds;
    private final int[] hashes;
    private final double[] points;
    private final double[] readPoints;
    private final AtomicInteger assigned = new AtomicInteger();
    /** The caller's String last matched per volume, for the identity check of {@link #indexOf}. */
    private final String[] seen;
    /** When the registry last confirmed {@link #sample} as the DataNode's fresh one (clock of the view). */
    private volatile long confirmedMs;

    Cached(SystemSample sample, String[] storageIds, int[] hashes, double[] points, double[] readPoints,
        long confirmedMs) {
      this.sample = sample;
      this.storageIds = storageIds;
      this.hashes = hashes;
      this.points = points;
      this.readPoints = readPoints;
      this.confirmedMs = confirmedMs;
      this.seen = new String[storageIds.length];
    }

    AtomicInteger assigned() {
      return assigned;
    }

    /** The state points of a volume, less the penalty of the blocks assigned since the sample. */
    double points(String storageId, double penaltyPerBlock) {
      int v = indexOf(storageId);
      double penalty = Math.min(readPoints[v], penaltyPerBlock * assigned.get());
      return points[v] - penalty;
    }

    /**
     * The volume's index; the last slot holds the model's rule for a storage ID the sample does not list. The
     * NameNode hands over the same String for a volume every time, so the one last matched is compared by
     * identity first; a full comparison of the 40-character IDs was the policy's largest single cost.
     */
    private int indexOf(String storageId) {
      for (int i = 0; i < seen.length; i++) {
        if (seen[i] == storageId) {
          return i;
        }
      }
      int hash = storageId.hashCode();
      for (int i = 0; i < hashes.length; i++) {
        if (hashes[i] == hash && storageIds[i].equals(storageId)) {
          seen[i] = storageId; // a benign race: any thread's instance is an equal ID
          return i;
        }
      }
      return hashes.length;
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
  private final Map<String, Cached> cache = new ConcurrentHashMap<>();

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
    private final Cached[] nodes;

    private Scores(List<Replica> replicas, double[] score, Cached[] nodes) {
      this.replicas = replicas;
      this.score = score;
      this.nodes = nodes;
    }

    /** Each replica's distance plus state points (callers may add to them, e.g. a class bonus). */
    double[] values() {
      return score;
    }

    /**
     * Records that {@code first} was put first for this block, so the following blocks see its DataNode as that
     * much busier until its next sample. A DataNode without a scored sample is not counted.
     */
    void assignFirst(Replica first) {
      for (int i = 0; i < nodes.length; i++) {
        if (replicas.get(i) == first) {
          if (nodes[i] != null) {
            nodes[i].assigned().incrementAndGet();
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
    Cached[] nodes = new Cached[n];
    double sum = 0;
    int count = 0;
    for (int i = 0; i < n; i++) {
      Replica r = replicas.get(i);
      nodes[i] = fresh(view, r.datanodeUuid(), now);
      if (nodes[i] != null) {
        score[i] = nodes[i].points(r.storageId(), model.assignmentPenalty());
        sum += score[i];
        count++;
      }
    }
    if (count == 0) {
      return null;
    }
    double mean = sum / count;
    for (int i = 0; i < n; i++) {
      score[i] = model.distance(replicas.get(i).locality()) + (nodes[i] != null ? score[i] : mean);
    }
    return new Scores(replicas, score, nodes);
  }

  /** The DataNode's fresh state, from the cache while confirmed less than {@link #CONFIRM_MS} ago; else null. */
  private Cached fresh(SystemStateView view, String uuid, long now) {
    Cached c = cache.get(uuid);
    if (c != null && now - c.confirmedMs < CONFIRM_MS && now >= c.confirmedMs) {
      return c;
    }
    SystemSample sample = view.freshSample(uuid, now);
    if (sample == null) {
      return null;
    }
    if (c != null && c.sample == sample) {
      c.confirmedMs = now;
      return c;
    }
    c = points(sample, now);
    cache.put(uuid, c);
    return c;
  }

  private Cached points(SystemSample sample, long now) {
    int n = sample.volumes().size();
    String[] ids = new String[n];
    int[] hashes = new int[n];
    double[] points = new double[n + 1];
    double[] readPoints = new double[n + 1];
    for (int i = 0; i <= n; i++) {
      // Slot n: a storage ID the sample does not list (a volume added since), the model's rule for those.
      String id = i < n ? sample.volumes().get(i).storageId() : "";
      if (i < n) {
        ids[i] = id;
        hashes[i] = id.hashCode();
      }
      points[i] = model.state(sample, id);
      readPoints[i] = model.readPoints(sample, id);
    }
    return new Cached(sample, ids, hashes, points, readPoints, now);
  }

  /**
   * Highest {@code score} first (scores in {@code replicas}' order, sorted along in place); ties closest first,
   * then in random order. Ties are rare with measured state, so the random generator is only asked when a run of
   * equal keys exists.
   */
  static List<Replica> best(List<Replica> replicas, double[] score, RandomGenerator random) {
    int n = replicas.size();
    Replica[] order = replicas.toArray(new Replica[0]);
    boolean tie = false;
    for (int i = 1; i < n; i++) {
      Replica r = order[i];
      double si = score[i];
      int j = i - 1;
      int cmp;
      while (j >= 0 && (cmp = compare(si, r.distance(), score[j], order[j].distance())) <= 0) {
        if (cmp == 0) {
          tie = true;
          break;
        }
        order[j + 1] = order[j];
        score[j + 1] = score[j];
        j--;
      }
      order[j + 1] = r;
      score[j + 1] = si;
    }
    if (tie) {
      shuffleTies(order, score, random);
    }
    return Arrays.asList(order);
  }

  /**
   * {@link #best(List, double[], RandomGenerator)}, then the first replica drawn at random among those at the best
   * one's distance scoring within {@code margin} of it. Scores of equally good DataNodes differ by sampling noise;
   * always taking the highest would send every reader between two samples to the same node. A node more than
   * {@code margin} below the best (a stressed one) is never drawn.
   */
  static List<Replica> best(List<Replica> replicas, double[] score, RandomGenerator random, double margin) {
    List<Replica> order = best(replicas, score, random);
    if (margin <= 0 || order.size() < 2) {
      return order;
    }
    int best = order.get(0).distance();
    int[] near = new int[order.size()];
    int k = 0;
    for (int i = 0; i < order.size() && score[i] >= score[0] - margin; i++) {
      if (order.get(i).distance() == best) {
        near[k++] = i;
      }
    }
    if (k > 1) {
      int pick = near[random.nextInt(k)];
      Replica first = order.get(pick);
      for (int i = pick; i > 0; i--) {
        order.set(i, order.get(i - 1));
      }
      order.set(0, first);
    }
    return order;
  }

  /** Negative when a goes before b: higher score, then closer; zero when they tie. */
  private static int compare(double scoreA, int distanceA, double scoreB, int distanceB) {
    if (scoreA != scoreB) {
      return scoreA > scoreB ? -1 : 1;
    }
    return Integer.compare(distanceA, distanceB);
  }

  /** Shuffles each run of equal (score, distance) in a sorted order, so that equals share reads evenly. */
  private static void shuffleTies(Replica[] order, double[] score, RandomGenerator random) {
    int start = 0;
    for (int i = 1; i <= order.length; i++) {
      if (i == order.length || compare(score[i], order[i].distance(), score[start], order[start].distance()) != 0) {
        for (int k = i - 1; k > start; k--) {
          int swap = start + random.nextInt(k - start + 1);
          Replica t = order[k];
          order[k] = order[swap];
          order[swap] = t;
        }
        start = i;
      }
    }
  }
}
