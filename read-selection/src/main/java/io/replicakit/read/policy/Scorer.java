package io.replicakit.read.policy;

import io.replicakit.metrics.registry.NodeState;
import io.replicakit.metrics.registry.SystemStateView;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Scores a block's replicas with the {@link ScoreModel} from the DataNodes' fresh system state. A replica whose
 * DataNode has no fresh sample gets the mean state points of those that have one (it is neither favoured nor
 * avoided); when none has, there is nothing to score and the caller falls back to network distance.
 */
final class Scorer {

  /** A replica and its score. */
  record Scored(Replica replica, double score) {}

  private final ScoreModel model;
  private final Supplier<SystemStateView> states;

  Scorer(ScoreModel model, Supplier<SystemStateView> states) {
    this.model = model;
    this.states = states;
  }

  /** Each replica with distance plus state points, or empty when no replica's DataNode has a fresh sample. */
  Optional<List<Scored>> score(List<Replica> replicas) {
    SystemStateView view = states.get();
    double[] state = new double[replicas.size()];
    boolean[] known = new boolean[replicas.size()];
    double sum = 0;
    int count = 0;
    for (int i = 0; i < replicas.size(); i++) {
      Replica r = replicas.get(i);
      Optional<NodeState> node = view.fresh(r.datanodeUuid());
      if (node.isPresent()) {
        state[i] = model.state(node.get(), r.storageId());
        known[i] = true;
        sum += state[i];
        count++;
      }
    }
    if (count == 0) {
      return Optional.empty();
    }
    double mean = sum / count;
    List<Scored> scored = new ArrayList<>(replicas.size());
    for (int i = 0; i < replicas.size(); i++) {
      Replica r = replicas.get(i);
      scored.add(new Scored(r, model.distance(r.locality()) + (known[i] ? state[i] : mean)));
    }
    return Optional.of(scored);
  }

  /** Highest score first; ties closest first, then at random. */
  static List<Replica> best(List<Scored> scored, RandomGenerator random) {
    List<Scored> order = new ArrayList<>(scored);
    for (int i = order.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      Scored t = order.get(i);
      order.set(i, order.get(j));
      order.set(j, t);
    }
    order.sort(Comparator.comparingDouble((Scored s) -> -s.score())
        .thenComparingInt(s -> s.replica().distance()));
    List<Replica> replicas = new ArrayList<>(order.size());
    order.forEach(s -> replicas.add(s.replica()));
    return replicas;
  }
}
