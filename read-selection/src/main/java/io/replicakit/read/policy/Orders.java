package io.replicakit.read.policy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.random.RandomGenerator;

/** Orderings the policies share. */
final class Orders {

  private Orders() {}

  /**
   * HDFS's own order: by network distance, ties in random order (what {@code NetworkTopology.sortByDistance}
   * does without a secondary sort).
   */
  static List<Replica> closestFirst(List<Replica> replicas, RandomGenerator random) {
    List<Replica> shuffled = shuffled(replicas, random);
    shuffled.sort(Comparator.comparingInt(Replica::distance)); // stable: keeps the shuffle within a distance
    return shuffled;
  }

  /** {@code first}, then the others closest first. */
  static List<Replica> withFirst(Replica first, List<Replica> replicas, RandomGenerator random) {
    List<Replica> rest = new ArrayList<>(replicas);
    rest.remove(first);
    List<Replica> order = new ArrayList<>(replicas.size());
    order.add(first);
    order.addAll(closestFirst(rest, random));
    return order;
  }

  /** The closest of {@code candidates}, ties broken at random; candidates must not be empty. */
  static Replica closest(List<Replica> candidates, RandomGenerator random) {
    return closestFirst(candidates, random).get(0);
  }

  static List<Replica> shuffled(List<Replica> replicas, RandomGenerator random) {
    List<Replica> copy = new ArrayList<>(replicas);
    for (int i = copy.size() - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      Replica t = copy.get(i);
      copy.set(i, copy.get(j));
      copy.set(j, t);
    }
    return copy;
  }
}
