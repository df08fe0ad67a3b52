/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.balancer;

import io.replicakit.balancer.hdfs.DispatcherSettings;
import java.util.Collection;
import java.util.Collections;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.balancer.Dispatcher.DDatanode;

/**
 * What balancer-ext needs of HDFS's {@link Dispatcher} beyond the API it gives the Mover, from the dispatcher's own
 * package: the constructor that takes HDFS's per-move timeout ({@code dfs.balancer.block-move.timeout}), and the
 * targets' mover thread pools. HDFS's Balancer sizes those pools before it dispatches (up to
 * {@code dfs.balancer.moverThreads} shared by the targets, at most {@code dfs.datanode.balance.max.concurrent.moves}
 * each) and shuts them down after each iteration ({@code Dispatcher.reset}); an adaptor that makes a dispatcher per
 * iteration must do both itself, or every iteration leaves its targets' mover threads running (they are not daemon
 * threads) and moves into a node run one at a time. Used only by {@code DispatcherAdaptor}; listed in its
 * {@code BalancerInternals}.
 */
public final class ReplicaKitDispatch {

  private ReplicaKitDispatch() {}

  /**
   * A dispatcher for one iteration, as HDFS's Balancer makes one, with every move planned up front: no
   * included or excluded nodes, no dispatcher threads (the adaptor hands each move over itself), so no iteration
   * time limit either (HDFS's only stops scheduling further moves; moves already started always run to the end).
   */
  public static Dispatcher newDispatcher(NameNodeConnector nnc, DispatcherSettings s, Configuration conf) {
    return new Dispatcher(nnc, Collections.emptySet(), Collections.emptySet(), s.movedWinWidthMs(), s.moverThreads(),
        0, s.maxConcurrentMovesPerNode(), 0L, 0L, s.blockMoveTimeoutMs(), s.maxNoMoveIntervalMs(), -1L, 0L, conf);
  }

  /**
   * Gives each target node of this iteration's moves its mover pool before the moves are handed over, as HDFS's
   * {@code dispatchBlockMoves} sizes them: {@code moverThreads} shared evenly, at most {@code maxPerNode} each.
   * With more targets than threads, the dispatcher's own allocation (one thread a target while any are left)
   * applies, as in HDFS.
   *
   * @return the threads each target got, 0 when left to the dispatcher
   */
  public static int startMovers(Set<DDatanode> targets, int moverThreads, int maxPerNode) {
    int each = targets.isEmpty() ? 0 : Math.min(moverThreads / targets.size(), maxPerNode);
    if (each > 0) {
      for (DDatanode dn : targets) {
        if (dn.getMoveExecutor() == null) {
          dn.initMoveExecutor(each);
        }
      }
    }
    return each;
  }

  /** Shuts down the nodes' mover pools; moves still running finish, then their threads end. */
  public static void stopMovers(Collection<DDatanode> nodes) {
    for (DDatanode dn : nodes) {
      dn.shutdownMoveExecutor();
    }
  }
}
