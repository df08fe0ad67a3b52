package io.replicakit.read.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * ReplicaKit's combination of storage speed, network and node state, which neither paper does alone:
 *
 * <ul>
 *   <li><b>Storage speed and network</b> decide the storage class, as DRR does: the §3.1 rules say which fast
 *       replicas are worth reading, and DRR's utilization-driven weight says whether this block's turn is fast
 *       or slow storage, keeping both classes busy in proportion to their speed.
 *   <li><b>Node state and distance</b> decide the replica, as the hotspot score does: every replica gets its
 *       score out of 10, and the replicas of the class whose turn it is get a bonus
 *       ({@code replicakit.read.combined.class.bonus}, 2 points).
 * </ul>
 *
 * The bonus is larger than any distance difference (at most 1.4 points), so the class decision holds among
 * healthy nodes, and smaller than what a stressed node loses (up to 6.5 points of CPU, memory and I/O), so a
 * hotspot is avoided even when it holds the only replica of the preferred class. The running fast/slow count
 * records the replica actually put first. Without fresh metrics it orders exactly as DRR.
 */
public final class CombinedPolicy implements ReadPolicy {

  public static final String NAME = "combined";

  private final StorageModel model;
  private final RoundRobin roundRobin;
  private final DrrWeight weight;
  private final Scorer scorer;
  private final double classBonus;

  CombinedPolicy(StorageModel model, DrrWeight weight, Scorer scorer, double classBonus) {
    this.model = model;
    this.weight = weight;
    this.roundRobin = new RoundRobin(model, weight::current);
    this.scorer = scorer;
    this.classBonus = classBonus;
  }

  @Override
  public List<Replica> order(List<Replica> replicas, RandomGenerator random) {
    Optional<List<Scorer.Scored>> scored = scorer.score(replicas);
    if (scored.isEmpty()) {
      return roundRobin.order(replicas, random);
    }
    StorageModel.Split split = model.split(replicas);
    List<Replica> eligibleFast = model.eligibleFast(split);
    if (eligibleFast.isEmpty()) {
      List<Replica> order = Scorer.best(scored.get(), random); // no choice of class: the score alone
      roundRobin.record(order.get(0), split);
      return order;
    }
    boolean fastTurn = roundRobin.takeFastTurn(split);
    List<Replica> preferred = fastTurn ? eligibleFast : split.slow();
    List<Scorer.Scored> withBonus = new ArrayList<>(replicas.size());
    for (Scorer.Scored s : scored.get()) {
      double bonus = preferred.contains(s.replica()) ? classBonus : 0;
      withBonus.add(new Scorer.Scored(s.replica(), s.score() + bonus));
    }
    List<Replica> order = Scorer.best(withBonus, random);
    roundRobin.correct(fastTurn, order.get(0), split);
    return order;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public double weight() {
    return weight.lastWeight();
  }
}
