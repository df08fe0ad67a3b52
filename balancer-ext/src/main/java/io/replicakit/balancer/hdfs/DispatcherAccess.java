/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.hdfs;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.balancer.Dispatcher;
import org.apache.hadoop.hdfs.server.balancer.Dispatcher.DDatanode;
import org.apache.hadoop.hdfs.server.balancer.NameNodeConnector;

/**
 * What the balancer needs of HDFS's {@link Dispatcher} beyond the API it gives the Mover, all package-private: the
 * constructor that takes HDFS's per-move timeout ({@code dfs.balancer.block-move.timeout}), and the targets' mover
 * thread pools. HDFS's Balancer sizes those pools before it dispatches ({@link #threadsPerTarget}) and shuts them
 * down after each iteration ({@code Dispatcher.reset}); an adaptor that makes a dispatcher per iteration must do
 * both itself, or every iteration leaves its targets' mover threads running (they are not daemon threads) and moves
 * into a node run one at a time.
 *
 * <p>Reached by reflection, not from a class in HDFS's package: {@code hadoop jar} loads this jar in a child class
 * loader, where a class of HDFS's package is a different runtime package and its package-private calls fail with
 * {@code IllegalAccessError} ({@code DistJarIT}). The members are listed in {@link BalancerInternals} and looked up
 * once when the balancer starts.
 */
final class DispatcherAccess {

  private final Constructor<Dispatcher> constructor;
  private final Method getMoveExecutor;
  private final Method initMoveExecutor;
  private final Method shutdownMoveExecutor;

  private DispatcherAccess(Constructor<Dispatcher> constructor, Method get, Method init, Method shutdown) {
    this.constructor = constructor;
    this.getMoveExecutor = get;
    this.initMoveExecutor = init;
    this.shutdownMoveExecutor = shutdown;
  }

  /** Looks the members up and opens them to this class; names what is missing. */
  static DispatcherAccess open() throws IOException {
    try {
      Constructor<Dispatcher> c = Dispatcher.class.getDeclaredConstructor(NameNodeConnector.class, Set.class,
          Set.class, long.class, int.class, int.class, int.class, long.class, long.class, int.class, int.class,
          long.class, long.class, Configuration.class);
      Method get = DDatanode.class.getDeclaredMethod("getMoveExecutor");
      Method init = DDatanode.class.getDeclaredMethod("initMoveExecutor", int.class);
      Method shutdown = DDatanode.class.getDeclaredMethod("shutdownMoveExecutor");
      c.setAccessible(true);
      get.setAccessible(true);
      init.setAccessible(true);
      shutdown.setAccessible(true);
      return new DispatcherAccess(c, get, init, shutdown);
    } catch (NoSuchMethodException | RuntimeException e) {
      throw new IOException("HDFS's balancer dispatcher lacks what balancer-ext needs: " + e, e);
    }
  }

  /**
   * Threads each target node's mover pool gets, as HDFS's {@code dispatchBlockMoves} computes them:
   * {@code moverThreads} shared by the iteration's target storage groups, at most {@code maxPerNode} each; 0 when
   * there are more targets than threads, leaving the dispatcher's own allocation (one thread a target while any
   * are left), as in HDFS.
   */
  static int threadsPerTarget(int moverThreads, int targetGroups, int maxPerNode) {
    return targetGroups <= 0 ? 0 : Math.min(moverThreads / targetGroups, maxPerNode);
  }

  /**
   * A dispatcher for one iteration with every move planned up front: no included or excluded nodes, no dispatcher
   * threads (the adaptor hands each move over itself). HDFS's iteration time limit
   * ({@code dfs.balancer.max-iteration-time}) holds as in HDFS's Balancer: once an iteration has run that long, the
   * moves its sources have not started are cancelled and those started are no longer waited for. (Until session 53
   * it was off: an iteration waited for every queued move.)
   */
  Dispatcher newDispatcher(NameNodeConnector nnc, DispatcherSettings s, Configuration conf) throws IOException {
    return call(() -> constructor.newInstance(nnc, Collections.emptySet(), Collections.emptySet(),
        s.movedWinWidthMs(), s.moverThreads(), 0, s.maxConcurrentMovesPerNode(), 0L, 0L, s.blockMoveTimeoutMs(),
        s.maxNoMoveIntervalMs(), s.maxIterationTimeMs(), 0L, conf));
  }

  /** Gives each of {@code targets} a mover pool of {@code threads} (none when 0) before its moves are handed over. */
  void startMovers(Collection<DDatanode> targets, int threads) throws IOException {
    if (threads <= 0) {
      return;
    }
    for (DDatanode dn : targets) {
      if (call(() -> getMoveExecutor.invoke(dn)) == null) {
        call(() -> (ExecutorService) initMoveExecutor.invoke(dn, threads));
      }
    }
  }

  /** Shuts down the nodes' mover pools; moves still running finish, then their threads end. */
  void stopMovers(Collection<DDatanode> nodes) throws IOException {
    for (DDatanode dn : nodes) {
      call(() -> shutdownMoveExecutor.invoke(dn));
    }
  }

  @FunctionalInterface
  private interface Reflective<T> {
    T run() throws ReflectiveOperationException;
  }

  private static <T> T call(Reflective<T> r) throws IOException {
    try {
      return r.run();
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException re) {
        throw re;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(cause);
    } catch (ReflectiveOperationException e) {
      throw new IOException("calling HDFS's balancer dispatcher failed: " + e, e);
    }
  }
}
