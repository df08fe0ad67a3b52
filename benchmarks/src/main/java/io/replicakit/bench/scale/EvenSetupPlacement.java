/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;

/**
 * The placement of the re-replication run's setup blocks, the same for every measured policy: replica {@code j} of
 * the {@code k}-th block goes to the DataNode at index {@code (k + j * stride) mod N} in transfer-port order, with
 * {@code stride = N / 3}, so every DataNode holds the same number of replicas and each block's replicas sit in
 * three different racks (which both HDFS rack rules accept).
 *
 * <p>Why: NNThroughputBenchmark's simulated DataNodes hold at most their share of the setup's replicas (the tool's
 * {@code blocksPerReport}) and silently drop the rest, and their block reports then remove the dropped replicas from
 * the NameNode. Placed by the measured policy, the setup left every block whose replica was dropped under-replicated:
 * with HDFS's random draw about 7 % of all replicas, with {@code balanced}'s even fill almost none, so the
 * re-replication run had seven times the work for {@code default} as for {@code balanced}. Placed here, the work is
 * exactly the decommissioned DataNodes' replicas, whatever the policy; the measured policy takes over before the
 * decommission ({@code BlockManager.refreshBlockPlacementPolicy}).
 *
 * <p>Clusters of fewer than three racks get HDFS's default placement.
 */
public final class EvenSetupPlacement extends BlockPlacementPolicyDefault {

  private final AtomicLong blocks = new AtomicLong();
  private volatile DatanodeDescriptor[] byPort;

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosenNodes, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    if (clusterMap.getNumOfRacks() < 3 || !chosenNodes.isEmpty()) {
      return super.chooseTarget(srcPath, numOfReplicas, writer, chosenNodes, returnChosenNodes, excludedNodes,
          blocksize, storagePolicy, flags);
    }
    DatanodeDescriptor[] nodes = nodes();
    long k = blocks.getAndIncrement();
    int stride = nodes.length / 3;
    DatanodeStorageInfo[] targets = new DatanodeStorageInfo[numOfReplicas];
    for (int j = 0; j < numOfReplicas; j++) {
      targets[j] = nodes[(int) ((k + (long) j * stride) % nodes.length)].getStorageInfos()[0];
    }
    return targets;
  }

  /** The DataNodes in transfer-port order, read once all have registered (the setup starts after that). */
  private DatanodeDescriptor[] nodes() {
    DatanodeDescriptor[] nodes = byPort;
    if (nodes == null) {
      List<DatanodeDescriptor> all = new ArrayList<>();
      for (Node n : clusterMap.getLeaves(NodeBase.ROOT)) {
        all.add((DatanodeDescriptor) n);
      }
      all.sort(Comparator.comparingInt(DatanodeDescriptor::getXferPort));
      nodes = all.toArray(new DatanodeDescriptor[0]);
      byPort = nodes;
    }
    return nodes;
  }
}
