/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.namenode;

import java.io.IOException;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocols;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.util.ExitUtil;

/**
 * Runs one of Hadoop's {@link NNThroughputBenchmark} operations on a fresh in-process NameNode and returns its
 * figures. The tool itself only logs them, and its operations, its NameNode and their counters are package-private,
 * hence this class in the tool's package. What is measured is the tool's own (its simulated DataNodes, its
 * operations, their counters) but for how {@link AddBlockStats} waits for its threads (it joins them instead of
 * the tool's busy poll); this class starts the NameNode exactly as {@code NNThroughputBenchmark.run} does and reads
 * the counters instead of the log.
 */
public final class PlacementThroughput {

  /**
   * What one operation measured.
   *
   * @param op the operation's name in NNThroughputBenchmark
   * @param ops operations executed
   * @param elapsedMs wall time from the first operation's start to the last one's end
   * @param cumulativeMs the operations' own times summed over the threads
   * @param queued blocks of low redundancy handed to the operation (the decommissioned replicas), 0 where none
   * @param blocks blocks the operation handled (scheduled for re-replication), 0 where it handles none
   * @param dataNodes DataNodes in the NameNode's topology at the end
   * @param racks racks in the NameNode's topology at the end
   */
  public record Figures(String op, int ops, long elapsedMs, long cumulativeMs, long queued, long blocks,
      int dataNodes, int racks) {

    public double opsPerS() {
      return elapsedMs == 0 ? 0 : 1000.0 * ops / elapsedMs;
    }

    public double blocksPerS() {
      return elapsedMs == 0 ? 0 : 1000.0 * blocks / elapsedMs;
    }

    public double averageMs() {
      return ops == 0 ? 0 : (double) cumulativeMs / ops;
    }
  }

  private PlacementThroughput() {}

  /**
   * {@code ops} first blocks of fresh files ({@link AddBlockStats}: one {@code chooseTarget} each) by
   * {@code threads} threads, with {@code dataNodes} simulated DataNodes registered, after {@code warmUpOps}
   * untimed ones.
   */
  public static Figures addBlock(Configuration conf, int dataNodes, int ops, int warmUpOps, int threads)
      throws IOException {
    return run(conf, bench -> new AddBlockStats(bench, dataNodes, ops, warmUpOps, threads), op -> 0,
        AddBlockStats::blocks);
  }

  /**
   * NNThroughputBenchmark's {@code replication}: {@code dataNodes} simulated DataNodes holding about
   * {@code blocksPerNode} replicas each, placed by {@code setupPolicy} whatever policy is measured,
   * {@code decommission} of them decommissioned, then the redundancy monitor's work computed with the policy of
   * {@code conf} until none is left ({@link ReplicationScan}).
   */
  public static Figures replication(Configuration conf, Class<? extends BlockPlacementPolicy> setupPolicy,
      int dataNodes, int blocksPerNode, int decommission) throws IOException {
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_DECOMMISSION_MAX_CONCURRENT_TRACKED_NODES, Math.max(100, decommission));
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REPLICATION_STREAMS_HARD_LIMIT_KEY,
        ReplicationScan.streamLimit(blocksPerNode));
    String measured = conf.get(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY,
        DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_DEFAULT.getName());
    conf.setClass(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, setupPolicy, BlockPlacementPolicy.class);
    return run(conf, bench -> new ReplicationScan(bench, dataNodes, blocksPerNode, decommission, measured),
        ReplicationScan::queued, ReplicationScan::blocks);
  }

  /** Counts what an operation handled, read from the NameNode before it stops. */
  @FunctionalInterface
  private interface BlockCount<T> {
    long of(T op) throws IOException;
  }

  private static <T extends NNThroughputBenchmark.OperationStatsBase> Figures run(Configuration conf,
      Function<NNThroughputBenchmark, T> make, BlockCount<T> queued, BlockCount<T> blocks) throws IOException {
    // The tool ends the JVM on a usage error; make that an exception instead. And every run starts a NameNode in
    // this JVM, whose metrics sources must register again after the previous one stopped, as in MiniDFSCluster.
    ExitUtil.disableSystemExit();
    DefaultMetricsSystem.setMiniClusterMode(true);
    DFSTestUtil.formatNameNode(conf);
    NNThroughputBenchmark bench = new NNThroughputBenchmark(conf);
    try {
      T op = make.apply(bench);
      startNameNode();
      op.benchmark();
      op.printResults();
      NetworkTopology topology = NNThroughputBenchmark.nameNode.getNamesystem().getBlockManager()
          .getDatanodeManager().getNetworkTopology();
      return new Figures(op.getOpName(), op.getNumOpsExecuted(), op.getElapsedTime(), op.getCumulativeTime(),
          queued.of(op), blocks.of(op), topology.getNumOfLeaves(), topology.getNumOfRacks());
    } finally {
      bench.close();
      NNThroughputBenchmark.nameNode = null;
    }
  }

  /** As {@code NNThroughputBenchmark.run} starts its own NameNode when no remote one is given. */
  private static void startNameNode() throws IOException {
    Configuration config = NNThroughputBenchmark.config;
    FileSystem.setDefaultUri(config, "hdfs://localhost:0");
    config.set(DFSConfigKeys.DFS_NAMENODE_HTTP_ADDRESS_KEY, "127.0.0.1:0");
    NameNode nameNode = NameNode.createNameNode(new String[0], config);
    NamenodeProtocols protocols = nameNode.getRpcServer();
    NNThroughputBenchmark.nameNode = nameNode;
    NNThroughputBenchmark.nameNodeProto = protocols;
    NNThroughputBenchmark.clientProto = protocols;
    NNThroughputBenchmark.dataNodeProto = protocols;
    NNThroughputBenchmark.refreshUserMappingsProto = protocols;
    NNThroughputBenchmark.bpid = nameNode.getNamesystem().getBlockPoolId();
  }
}
