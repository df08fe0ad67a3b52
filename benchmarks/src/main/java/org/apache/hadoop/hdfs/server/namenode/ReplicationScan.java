/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.namenode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManagerTestUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NNThroughputBenchmark's {@code replication} operation, with changes that make it measure re-replication at
 * thousands of DataNodes.
 *
 * <ul>
 *   <li>In process, the tool's decommission does nothing: its {@code refreshNodes} makes the NameNode read the host
 *       files named by a new {@code HdfsConfiguration}, while the tool named its exclude file in its own
 *       configuration only. Here the NameNode is refreshed with the tool's configuration.
 *   <li>The tool computes the redundancy monitor's work right after it excludes the nodes, before the decommission
 *       monitor (every 30 s by default) has queued their blocks; here the decommission monitor runs once first.
 *   <li>The tool's operation count shrinks with the square of the DataNodes (to 0 at 10,000); here iterations run
 *       until one finds no work, as the tool's own operation stops anyway.
 *   <li>The simulated DataNodes never heartbeat during the scan, so the copies queued at a source are never
 *       handed out and every copy counts against the source's stream limit for the whole run. The tool raises the
 *       soft limit ({@code -nodeReplicationLimit}, 100) but not the hard one ({@code
 *       dfs.namenode.replication.max-streams-hard-limit}, 4), which then ran out at sources shared by neighbouring
 *       decommissioned DataNodes and left blocks unscheduled (583-585 of 600 at 1,000 DataNodes); both are set to
 *       {@link #streamLimit}, at least a DataNode's replica count, so no source runs out and every queued block is
 *       the policy's to place.
 *   <li>The NameNode starts with a setup placement policy that lays the tool's blocks out the same way for every
 *       measured policy (the tool's DataNodes drop replicas beyond their share, so a policy placing the setup
 *       unevenly would leave other blocks under-replicated and be measured on more work); the measured policy
 *       replaces it ({@code BlockManager.refreshBlockPlacementPolicy}) once the decommission monitor has queued the
 *       blocks (it chooses no targets). A full GC precedes the timed part.
 * </ul>
 */
final class ReplicationScan extends NNThroughputBenchmark.ReplicationStats {

  /** More iterations than any run needs; the operation ends at the first one without work. */
  private static final int MAX_ITERATIONS = 1_000_000;
  private static final Logger LOG = LoggerFactory.getLogger(ReplicationScan.class);

  private final String measuredPolicy;
  private long queued;

  /** The per-source stream limit, soft and hard: the tool's 100, or a DataNode's replica count if higher. */
  static int streamLimit(int blocksPerNode) {
    return Math.max(100, blocksPerNode);
  }

  /** @param measuredPolicy the class name of the placement policy measured, which replaces the setup's */
  ReplicationScan(NNThroughputBenchmark bench, int dataNodes, int blocksPerNode, int decommission,
      String measuredPolicy) {
    bench.super(args(dataNodes, blocksPerNode, decommission));
    this.numOpsRequired = MAX_ITERATIONS;
    this.measuredPolicy = measuredPolicy;
  }

  /** The tool's arguments; total blocks rounded up, so each DataNode's share ({@code blocksPerReport}) is whole. */
  private static List<String> args(int dataNodes, int blocksPerNode, int decommission) {
    long totalBlocks = ((long) blocksPerNode * dataNodes + 2) / 3;
    return new ArrayList<>(List.of("-op", "replication", "-datanodes", Integer.toString(dataNodes),
        "-nodesToDecommission", Integer.toString(decommission), "-totalBlocks", Long.toString(totalBlocks),
        "-nodeReplicationLimit", Integer.toString(streamLimit(blocksPerNode))));
  }

  @Override
  void generateInputs(int[] ignore) throws IOException {
    super.generateInputs(ignore);
    // The tool's refreshNodes reaches the NameNode, which reads the host files from a new HdfsConfiguration: the
    // exclude file the tool wrote, named only in the tool's configuration, is never read, and nothing is
    // decommissioned. Refreshed with the tool's configuration, the NameNode starts decommissioning those DataNodes.
    blockManager().getDatanodeManager().refreshNodes(NNThroughputBenchmark.config);
    try {
      BlockManagerTestUtil.recheckDecommissionState(blockManager().getDatanodeManager());
    } catch (ExecutionException e) {
      throw new IOException("the decommission monitor failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the decommission monitor ran", e);
    }
    queued = blockManager().getLowRedundancyBlocks();
    LOG.info("decommission monitor ran; {} blocks of low redundancy", queued);
    Configuration measured = new Configuration(NNThroughputBenchmark.config);
    measured.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, measuredPolicy);
    blockManager().refreshBlockPlacementPolicy(measured);
    System.gc(); // the setup's garbage is not the measured policy's
  }

  /** The blocks of low redundancy once the decommission monitor has run: the work handed to the measured policy. */
  long queued() {
    return queued;
  }

  /**
   * The blocks scheduled for re-replication (pending at the NameNode). The tool's own "replications" adds the
   * invalidation work the same monitor iterations found (excess replicas to delete), which is no placement.
   */
  long blocks() {
    return blockManager().getPendingReconstructionBlocksCount();
  }

  private static BlockManager blockManager() {
    return NNThroughputBenchmark.nameNode.getNamesystem().getBlockManager();
  }
}
