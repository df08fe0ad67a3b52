/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.choice;

import java.util.random.RandomGenerator;

/**
 * The decision of the {@code balanced} policy: which of a few sampled DataNodes takes a replica, and whether the
 * first replica of a writer outside the cluster stays in the writer's rack.
 *
 * <p>Why fullness in percent: the placement paper's cluster has two hardware classes (558 GB and 232 GB disks);
 * every HDFS policy left a utilization σ of 15-19 % after the load (§5.1, Table 1) and more after re-replication
 * (§5.2, Table 3), so the Balancer had to run (§5.3). Nodes that fill at the same percentage need no Balancer,
 * whatever their sizes. AvailableSpace, the one HDFS policy that looks at space, compares two random nodes and
 * takes the emptier only with a configured probability, and never for the writer's rack (§6).
 *
 * <p>Why a few random candidates and not the emptiest node: finding the emptiest node of a cluster costs
 * O(cluster) per replica, which a NameNode placing thousands of blocks per second at 10,000 DataNodes cannot pay;
 * the emptiest of {@code d} random candidates ("power of d choices") costs O(d) and still drives every node to
 * the same percentage, since a node above the rest loses every comparison it is drawn into. It also keeps a
 * margin of randomness: between two heartbeats the percentages do not move, and a deterministic "emptiest node"
 * would send every block to one node. The policy's own placements since a node's last heartbeat are added to its
 * used space for the same reason.
 *
 * <p>Why writer-rack locality is a preference: HDFS puts the first replica of a client that is not a DataNode on
 * a random node of the client's rack, and under its two-rack rule the other two replicas then share another rack.
 * The writer's rack so takes exactly one replica of every block, a third of all bytes, whatever its share of the
 * capacity: on the paper's layout that alone kept σ above 1 %. {@link #keepWriterRack} compares the best candidate
 * in the writer's rack with the best outside it and keeps the writer's rack only while the two are within
 * {@code writerRackTolerancePct} points. When the writer's rack is fuller, the first replica goes to the emptier
 * node outside it. When it is emptier and the rack rule lets one rack hold two replicas, the first replica also
 * goes outside, so that the writer's rack can take the block's other two: those are then the writer's nearest
 * nodes and the pipeline still crosses racks once, as HDFS's does. Under the spread rule a rack holds one replica
 * of a block, so an emptier writer's rack keeps the first. 100 gives HDFS's rule back.
 */
public final class BalancedChoice {

  private final RandomGenerator random;
  private final double writerRackTolerancePct;
  private final boolean rackTakesTwo;

  /**
   * @param random breaks ties between equally full candidates (injected for tests)
   * @param writerRackTolerancePct percentage points the writer's rack may differ from the rest and still take the
   *     first replica
   * @param rackTakesTwo whether the rack rule puts two replicas of a block in one rack (HDFS's two-rack rule)
   */
  public BalancedChoice(RandomGenerator random, double writerRackTolerancePct, boolean rackTakesTwo) {
    this.random = random;
    this.writerRackTolerancePct = writerRackTolerancePct;
    this.rackTakesTwo = rackTakesTwo;
  }

  /**
   * A node's used space in percent of its capacity, counting {@code recentPlacements} blocks of
   * {@code blockBytes} it was given since its last heartbeat (they are not in {@code usedBytes} yet). A node
   * without capacity counts as full.
   */
  public static double usedPct(long usedBytes, long capacityBytes, int recentPlacements, long blockBytes) {
    if (capacityBytes <= 0) {
      return 100;
    }
    return 100.0 * (usedBytes + (double) recentPlacements * blockBytes) / capacityBytes;
  }

  /**
   * The index of the emptiest candidate (lowest used percent); equally full candidates are drawn at random; -1
   * when {@code count} is 0.
   *
   * @param usedPct each candidate's used percent; only the first {@code count} are read
   */
  public int choose(double[] usedPct, int count) {
    int best = -1;
    int ties = 0;
    for (int i = 0; i < count; i++) {
      if (best < 0 || usedPct[i] < usedPct[best]) {
        best = i;
        ties = 1;
      } else if (usedPct[i] == usedPct[best] && random.nextInt(++ties) == 0) {
        best = i; // reservoir draw: each of the equal candidates with probability 1/ties
      }
    }
    return best;
  }

  /**
   * The index of the fullest candidate, the one whose replica an over-replicated block gives up (the first of
   * equally full ones); -1 when {@code count} is 0.
   */
  public static int fullest(double[] usedPct, int count) {
    int worst = -1;
    for (int i = 0; i < count; i++) {
      if (worst < 0 || usedPct[i] > usedPct[worst]) {
        worst = i;
      }
    }
    return worst;
  }

  /**
   * Whether the first replica of a writer outside the cluster stays in the writer's rack.
   *
   * @param bestInRackPct used percent of the best candidate in the writer's rack (NaN: none there)
   * @param bestElsewherePct used percent of the best candidate outside the writer's rack (NaN: none)
   */
  public boolean keepWriterRack(double bestInRackPct, double bestElsewherePct) {
    if (Double.isNaN(bestInRackPct)) {
      return false;
    }
    if (Double.isNaN(bestElsewherePct)) {
      return true;
    }
    double fuller = bestInRackPct - bestElsewherePct;
    return fuller <= writerRackTolerancePct && (!rackTakesTwo || -fuller <= writerRackTolerancePct);
  }
}
