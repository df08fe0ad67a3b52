package io.replicakit.read.policy;

import io.replicakit.metrics.registry.SystemStateView;
import io.replicakit.metrics.sample.SystemSample;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Scores a block's replicas with the {@link ScoreModel} from the DataNodes' fresh system state. A replica whose
 * DataNode has no fresh sample gets the mean state points of those that have one (it is neither favoured nor
 * avoided); when none has, there is nothing to score and the caller falls back to network distance. Works on
 * arrays: it runs for every replica of every block read.
 */
final class Scorer {

  /** A replica and its score. */
  record Scored(Replica replica, double score) {}

  /**
   * A DataNode's state points per volume, computed once per sample: samples change once per interval, reads
   * come many times per interval. Keyed by DataNode UUID, so it holds one entry per DataNode ever seen.
   */
  private record Cached(SystemSample sample, String[] storageIds, double[] points, double otherVolume) {}

  private final ScoreModel model;
  private final Supplier<SystemStateView> states;
  private final Map<String, Cached> cache = new ConcurrentHashMap<>();

  Scorer(ScoreModel model, Supplier<SystemStateView> states) {
    this.model = model;
    this.states = states;
  }

  /** Each replica's distance plus state points, in input order; null when no replica has a fresh sample. */
  double[] scores(List<Replica> replicas) {
    SystemStateView view = states.get();
    int n = replicas.size();
    double[] score = new double[n];
    boolean[] known = new boolean[n];
    double sum = 0;
    int count = 0;
    for (int i = 0; i < n; i++) {
      Replica r = replicas.get(i);
      SystemSample sample = view.freshSample(r.datanodeUuid());
      if (sample != null) {
        score[i] = statePoints(r.datanodeUuid(), sample, r.storageId());
        known[i] = true;
        sum += score[i];
        count++;
      }
    }
    if (count == 0) {
      return null;
    }
    double mean = sum / count;
    for (int i = 0; i < n; i++) {
      score[i] = model.distance(replicas.get(i).locality()) + (known[i] ? score[i] : mean);
    }
    return score;
  }

  private double statePoints(String uuid, SystemSample sample, String storageId) {
    Cached c = cache.get(uuid);
    if (c == null || c.sample() != sample) {
      c = points(sample);
      cache.put(uuid, c);
    }
    String[] ids = c.storageIds();
    for (int i = 0; i < ids.length; i++) {
      if (ids[i].equals(storageId)) {
        return c.points()[i];
      }
    }
    return c.otherVolume();
  }

  private Cached points(SystemSample sample) {
    int n = sample.volumes().size();
    String[] ids = new String[n];
    double[] points = new double[n];
    for (int i = 0; i < n; i++) {
      ids[i] = sample.volumes().get(i).storageId();
      points[i] = model.state(sample, ids[i]);
    }
    // A storage ID the sample does not list (a volume added since): the model's rule for unknown volumes.
    return new Cached(sample, ids, points, model.state(sample, ""));
  }

  /** The same as {@link Scored} values, or empty when no replica has a fresh sample. */
  Optional<List<Scored>> score(List<Replica> replicas) {
    double[] score = scores(replicas);
    if (score == null) {
      return Optional.empty();
    }
    List<Scored> scored = new ArrayList<>(replicas.size());
    for (int i = 0; i < score.length; i++) {
      scored.add(new Scored(replicas.get(i), score[i]));
    }
    return Optional.of(scored);
  }

  /** Highest score first; ties closest first, then at random. */
  static List<Replica> best(List<Scored> scored, RandomGenerator random) {
    List<Replica> replicas = new ArrayList<>(scored.size());
    double[] score = new double[scored.size()];
    for (int i = 0; i < score.length; i++) {
      replicas.add(scored.get(i).replica());
      score[i] = scored.get(i).score();
    }
    return best(replicas, score, random);
  }

  /** Highest {@code score} first (scores in {@code replicas}' order); ties closest first, then at random. */
  static List<Replica> best(List<Replica> replicas, double[] score, RandomGenerator random) {
    int n = replicas.size();
    Replica[] order = replicas.toArray(new Replica[0]);
    double[] s = score.clone();
    int[] tie = new int[n];
    for (int i = 0; i < n; i++) {
      tie[i] = random.nextInt();
    }
    for (int i = 1; i < n; i++) {
      Replica r = order[i];
      double si = s[i];
      int ti = tie[i];
      int j = i - 1;
      while (j >= 0 && before(si, r.distance(), ti, s[j], order[j].distance(), tie[j])) {
        order[j + 1] = order[j];
        s[j + 1] = s[j];
        tie[j + 1] = tie[j];
        j--;
      }
      order[j + 1] = r;
      s[j + 1] = si;
      tie[j + 1] = ti;
    }
    return Arrays.asList(order);
  }

  /** True when replica a goes before replica b: higher score, then closer, then the random key. */
  private static boolean before(double scoreA, int distanceA, int tieA, double scoreB, int distanceB, int tieB) {
    if (scoreA != scoreB) {
      return scoreA > scoreB;
    }
    if (distanceA != distanceB) {
      return distanceA < distanceB;
    }
    return tieA < tieB;
  }
}
