/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

import java.util.List;

/**
 * When {@code balancer -asService} starts a round (automated triggering, the placement paper's §6 future work):
 * when some storage unit lies further than the balancer's threshold from the mean utilization of its storage type,
 * as an iteration classifies it ({@link Classification}), the only case in which an iteration has bytes to move,
 * and, if asked, the spread of the units' utilization exceeds a minimum besides. Whether a move is then possible
 * (a pair of units, a block whose racks it keeps) only the round finds out ({@link RoundGate}).
 *
 * <p>Why not the spread alone (the rule until session 53): a cluster balanced to a 10-point threshold can keep a
 * spread above 5 points (half the nodes at +8, half at −8: σ 8), so every check started a round that found nothing
 * to move; and one node 35 points over the mean among a hundred gives σ 3.5, so the node filling up was never
 * balanced, where HDFS's own service would have balanced it at its next run.
 *
 * @param thresholdPct the balancer's {@code -threshold}, in percentage points
 * @param minSpreadPct the spread (population standard deviation, percentage points) a round needs besides; 0 for
 *     none
 */
public record Trigger(double thresholdPct, double minSpreadPct) {

  /**
   * What a check found.
   *
   * @param balance whether to start a round
   * @param beyondThreshold the units further than the threshold from their type's mean
   * @param spreadPct the units' utilization spread
   */
  public record Check(boolean balance, List<String> beyondThreshold, double spreadPct) {}

  public Check check(List<StorageUnit> units) {
    Classification c = Classification.of(units, thresholdPct, Double.POSITIVE_INFINITY, Long.MAX_VALUE);
    double spread = Classification.utilizationStdPct(units);
    return new Check(c.bytesLeftToMove() > 0 && spread > minSpreadPct, c.beyondThreshold(), spread);
  }
}
