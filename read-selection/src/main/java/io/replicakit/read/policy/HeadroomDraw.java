/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.Arrays;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Chooses the replica a reader gets first from the DataNodes' sampled state, without sending every reader between
 * two samples to the same node. Three steps, each from a system that met the same problem:
 *
 * <ol>
 *   <li><b>Leave out the clearly worse</b> (Cassandra's dynamic snitch: keep the natural choice unless a replica
 *       is worse by more than a badness threshold). A replica is left out when its node has more than
 *       {@code margin} fewer {@linkplain ScoreModel#otherLoadPoints other-load points} (idle CPU, free memory,
 *       writes) than the best replica's: load the NameNode's own read orders do not cause, so it does not go away
 *       when readers are sent elsewhere. This is the hotspot paper's purpose (§III): a node stressed by another
 *       tenant stops being read.</li>
 *   <li><b>Closest first, preferred first</b>: among the rest, the preferred ones if any (the storage class whose
 *       round-robin turn it is, for {@code combined}), and among those the ones closest to the reader, as HDFS
 *       orders (a local read skips the network).</li>
 *   <li><b>At random, in proportion to headroom</b> (C3, Suresh et al., NSDI 2015, §4: rank by the cube of the
 *       queue estimate {@code 1 + os + q}, where {@code os} counts the requests this client sent since its last
 *       feedback, "concurrency compensation"). The NameNode is the one client that orders every read, so it knows
 *       every block it has put first on a volume since that volume's DataNode's last sample: each counts as one
 *       more reader queued there. A replica is drawn with probability proportional to
 *       {@code 1 / (1 + q + os)^exponent}, {@code q} the volume's sampled queue length. A volume the sample shows
 *       idle wins the first few blocks; each one it wins makes the next less likely, so blocks ordered between
 *       two samples fill the volumes' queues evenly instead of all landing on the one that looked idle
 *       (herding), and a volume busy with other clients' reads (a long queue) gets few.</li>
 * </ol>
 *
 * <p>Pure and allocation-light: it runs for every block the NameNode locates. {@code margin <= 0} is the paper's
 * strict highest-score-first order and no draw happens (the caller does not call {@link #pick}).
 */
final class HeadroomDraw {

  /**
   * One block's inputs, in its replicas' order.
   *
   * @param otherLoad each replica's other-load points; NaN when its node has no fresh sample (never left out)
   * @param queue each replica's queue estimate {@code 1 + q + os} (at least 1)
   * @param weights room for the draw's weights, as long as the others; every pick writes all of it (the scorer
   *     reuses it block after block)
   */
  record Loads(double[] otherLoad, double[] queue, double[] weights) {

    /** Loads with new room for the weights. */
    Loads(double[] otherLoad, double[] queue) {
      this(otherLoad, queue, new double[otherLoad.length]);
    }
  }

  private final double margin;
  private final double exponent;

  /**
   * @param margin other-load points by which a replica may trail the best before it is left out
   * @param exponent the power of the queue estimate in the draw's weights (C3's cubic: 3; 0 draws uniformly)
   */
  HeadroomDraw(double margin, double exponent) {
    this.margin = margin;
    this.exponent = exponent;
  }

  /** Whether a draw happens at all; otherwise the order is strictly by score, as the paper's. */
  boolean draws() {
    return margin > 0;
  }

  /**
   * The index (in {@code replicas}' order) of the replica to put first. Each weight is computed once (a division
   * costs more than the rest of a pass over three replicas), into the one scratch array the draw needs. A pool of
   * one replica (a local one, or the only one of the class whose turn it is) is no draw: the random source is not
   * asked.
   */
  int pick(List<Replica> replicas, Loads loads, boolean[] preferred, RandomGenerator random) {
    Pool pool = pool(replicas, loads, preferred);
    int n = replicas.size();
    double[] weight = loads.weights();
    double total = 0;
    int members = 0;
    int member = -1;
    for (int i = 0; i < n; i++) {
      if (pool.contains(i)) {
        // Positive even for an absurd queue (infinite, NaN), so a replica in the pool can always be drawn.
        double w = weight(loads.queue()[i]);
        weight[i] = w > 0 ? w : Double.MIN_VALUE;
        total += weight[i];
        members++;
        member = i;
      } else {
        weight[i] = 0; // the room is reused: a weight left from an earlier pick must not be drawn
      }
    }
    if (members == 1) {
      return member;
    }
    double x = random.nextDouble() * total;
    int last = -1;
    for (int i = 0; i < n; i++) {
      if (weight[i] > 0) {
        last = i;
        x -= weight[i];
        if (x < 0) {
          return i;
        }
      }
    }
    return last;
  }

  /**
   * Steps 1 and 2 as a predicate: the replicas the draw may pick (never none: the best is never left out).
   *
   * @param preferred which replicas to prefer when not left out; null for none
   */
  Pool pool(List<Replica> replicas, Loads loads, boolean[] preferred) {
    double[] other = loads.otherLoad();
    double floor = floor(other);
    boolean anyPreferred = false;
    if (preferred != null) {
      for (int i = 0; i < other.length; i++) {
        anyPreferred |= preferred[i] && !(other[i] < floor);
      }
    }
    int closest = Integer.MAX_VALUE;
    for (int i = 0; i < other.length; i++) {
      if (!(other[i] < floor) && (!anyPreferred || preferred[i])) {
        closest = Math.min(closest, replicas.get(i).distance());
      }
    }
    return new Pool(replicas, other, floor, anyPreferred ? preferred : null, closest);
  }

  /**
   * Step 1 alone: the replicas not clearly worse by load from elsewhere, in their order; {@code replicas} itself
   * when none is left out (never empty: the best is never left out). For {@code combined} by volume, whose
   * calendar then chooses among them ({@link CombinedPolicy}).
   *
   * @param otherLoad each replica's other-load points, NaN when its node has no fresh sample (never left out)
   */
  List<Replica> notClearlyWorse(List<Replica> replicas, double[] otherLoad) {
    double floor = floor(otherLoad);
    int kept = 0;
    for (double o : otherLoad) {
      kept += o < floor ? 0 : 1;
    }
    if (kept == otherLoad.length) {
      return replicas;
    }
    Replica[] keep = new Replica[kept];
    int next = 0;
    for (int i = 0; i < otherLoad.length; i++) {
      if (!(otherLoad[i] < floor)) {
        keep[next++] = replicas.get(i);
      }
    }
    return Arrays.asList(keep);
  }

  /** The other-load points below which a replica is clearly worse: the best's less the margin (NaN never is). */
  private double floor(double[] other) {
    double best = Double.NEGATIVE_INFINITY;
    for (double o : other) {
      if (o > best) {
        best = o;
      }
    }
    return best - margin;
  }

  /** The replicas kept by {@link #pool}: not left out, preferred when any preferred is kept, the closest. */
  record Pool(List<Replica> replicas, double[] otherLoad, double floor, boolean[] preferred, int distance) {

    boolean contains(int i) {
      return !(otherLoad[i] < floor) && (preferred == null || preferred[i])
          && replicas.get(i).distance() == distance;
    }
  }

  /** {@code 1 / queue^exponent}; the cube without {@link Math#pow}, which costs more than the rest of the draw. */
  private double weight(double queue) {
    if (exponent == 3) {
      return 1 / (queue * queue * queue);
    }
    return 1 / Math.pow(queue, exponent);
  }
}
