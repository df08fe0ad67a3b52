/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.hdfs;

import io.replicakit.balancer.config.BalancerConfig;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * HDFS's Balancer keys the balancer honours, read with HDFS's defaults, plus ReplicaKit's own. The same keys
 * mean the same here: an operator's tuning of {@code hdfs balancer} carries over.
 *
 * @param thresholdPct the {@code -threshold} argument
 * @param busyMaxPct {@code replicakit.balancer.busy.max.pct}
 * @param movedWinWidthMs {@code dfs.balancer.movedWinWidth}: a moved block is not moved again for this long
 * @param moverThreads {@code dfs.balancer.moverThreads}
 * @param maxConcurrentMovesPerNode {@code dfs.datanode.balance.max.concurrent.moves}
 * @param getBlocksSize {@code dfs.balancer.getBlocks.size}: bytes of blocks asked per source and call
 * @param getBlocksMinBlockSize {@code dfs.balancer.getBlocks.min-block-size}: smaller blocks are not moved
 * @param maxSizeToMove {@code dfs.balancer.max-size-to-move}: per storage unit and iteration
 * @param maxNoMoveIntervalMs {@code dfs.balancer.max-no-move-interval}
 * @param iterationPauseMs pause between iterations, HDFS's: twice the heartbeat plus the redundancy interval
 * @param maxIterationTimeMs {@code dfs.balancer.max-iteration-time}: moves of an iteration not started by then are
 *     cancelled, and no longer waited for (HDFS's dispatcher)
 */
public record DispatcherSettings(double thresholdPct, double busyMaxPct, long movedWinWidthMs, int moverThreads,
    int maxConcurrentMovesPerNode, long getBlocksSize, long getBlocksMinBlockSize, long maxSizeToMove,
    int maxNoMoveIntervalMs, int blockMoveTimeoutMs, long iterationPauseMs, long maxIterationTimeMs) {

  public static DispatcherSettings from(Configuration conf, double thresholdPct) {
    BalancerConfig.KEYS.requireValid(conf);
    long pause = 2 * conf.getTimeDuration(DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_KEY,
        DFSConfigKeys.DFS_HEARTBEAT_INTERVAL_DEFAULT, TimeUnit.SECONDS, TimeUnit.MILLISECONDS)
        + conf.getTimeDuration(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_KEY,
            DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_INTERVAL_SECONDS_DEFAULT, TimeUnit.SECONDS,
            TimeUnit.MILLISECONDS);
    return new DispatcherSettings(thresholdPct, BalancerConfig.BUSY_MAX.get(conf),
        positive(conf, DFSConfigKeys.DFS_BALANCER_MOVEDWINWIDTH_KEY, DFSConfigKeys.DFS_BALANCER_MOVEDWINWIDTH_DEFAULT),
        positiveInt(conf, DFSConfigKeys.DFS_BALANCER_MOVERTHREADS_KEY,
            DFSConfigKeys.DFS_BALANCER_MOVERTHREADS_DEFAULT),
        positiveInt(conf, DFSConfigKeys.DFS_DATANODE_BALANCE_MAX_NUM_CONCURRENT_MOVES_KEY,
            DFSConfigKeys.DFS_DATANODE_BALANCE_MAX_NUM_CONCURRENT_MOVES_DEFAULT),
        positiveBytes(conf, DFSConfigKeys.DFS_BALANCER_GETBLOCKS_SIZE_KEY,
            DFSConfigKeys.DFS_BALANCER_GETBLOCKS_SIZE_DEFAULT),
        positiveBytes(conf, DFSConfigKeys.DFS_BALANCER_GETBLOCKS_MIN_BLOCK_SIZE_KEY,
            DFSConfigKeys.DFS_BALANCER_GETBLOCKS_MIN_BLOCK_SIZE_DEFAULT),
        positiveBytes(conf, DFSConfigKeys.DFS_BALANCER_MAX_SIZE_TO_MOVE_KEY,
            DFSConfigKeys.DFS_BALANCER_MAX_SIZE_TO_MOVE_DEFAULT),
        conf.getInt(DFSConfigKeys.DFS_BALANCER_MAX_NO_MOVE_INTERVAL_KEY,
            DFSConfigKeys.DFS_BALANCER_MAX_NO_MOVE_INTERVAL_DEFAULT),
        conf.getInt(DFSConfigKeys.DFS_BALANCER_BLOCK_MOVE_TIMEOUT,
            DFSConfigKeys.DFS_BALANCER_BLOCK_MOVE_TIMEOUT_DEFAULT),
        pause,
        conf.getLong(DFSConfigKeys.DFS_BALANCER_MAX_ITERATION_TIME_KEY,
            DFSConfigKeys.DFS_BALANCER_MAX_ITERATION_TIME_DEFAULT));
  }

  /**
   * What {@code -asService} reads: the spread a round needs besides a node beyond the threshold, how often the
   * nodes are checked, the least time after a round that could not balance the cluster before the next
   * ({@code dfs.balancer.service.interval}, HDFS's service period), and how many failed rounds in a row end the
   * service ({@code dfs.balancer.service.retries.on.exception}, as HDFS's).
   */
  public record Service(double triggerStdPct, long intervalMs, long pauseAfterUnbalancedMs, int retries) {}

  public static Service service(Configuration conf) {
    BalancerConfig.KEYS.requireValid(conf);
    long pause = conf.getTimeDuration(DFSConfigKeys.DFS_BALANCER_SERVICE_INTERVAL_KEY,
        DFSConfigKeys.DFS_BALANCER_SERVICE_INTERVAL_DEFAULT, TimeUnit.MILLISECONDS);
    if (pause < 0) {
      throw new IllegalArgumentException(DFSConfigKeys.DFS_BALANCER_SERVICE_INTERVAL_KEY + " = " + pause + " ms < 0");
    }
    return new Service(BalancerConfig.TRIGGER_STD.get(conf), BalancerConfig.TRIGGER_INTERVAL.get(conf), pause,
        conf.getInt(DFSConfigKeys.DFS_BALANCER_SERVICE_RETRIES_ON_EXCEPTION,
            DFSConfigKeys.DFS_BALANCER_SERVICE_RETRIES_ON_EXCEPTION_DEFAULT));
  }

  /** As HDFS's Balancer reads its keys: a value of 0 or less is an error naming the key. */
  private static long positive(Configuration conf, String key, long def) {
    long v = conf.getLong(key, def);
    if (v <= 0) {
      throw new IllegalArgumentException(key + " = " + v + " <= 0");
    }
    return v;
  }

  /**
   * A count HDFS reads as an {@code int}: 0 or less is an error naming the key, as HDFS's, and so is a value beyond
   * an {@code int}, which a cast would wrap (3000000000 mover threads would become negative, and no move start).
   */
  private static int positiveInt(Configuration conf, String key, int def) {
    long v = positive(conf, key, def);
    if (v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(key + " = " + v + " > " + Integer.MAX_VALUE);
    }
    return (int) v;
  }

  private static long positiveBytes(Configuration conf, String key, long def) {
    long v = conf.getLongBytes(key, def);
    if (v <= 0) {
      throw new IllegalArgumentException(key + " = " + v + " <= 0");
    }
    return v;
  }
}
