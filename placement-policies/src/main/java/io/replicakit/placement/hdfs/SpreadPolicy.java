/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyRackFaultTolerant;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.apache.hadoop.util.Time;

/**
 * A ReplicaKit policy under HDFS's rack-fault-tolerant rule (as many racks as replicas).
 * HDFS's {@code BlockPlacementPolicyRackFaultTolerant} decides which racks
 * and how many replicas per rack, checks each target (space, staleness, load, decommissioning) and verifies
 * placements; the policy's {@link PolicyCore} only picks the node wherever HDFS would draw one at random
 * ({@code chooseDataNode}), picks the excess replica to delete among those HDFS's rack rule allows, and may move an
 * off-cluster writer's first replica out of the writer's rack. So {@code verifyBlockPlacement}, inherited, holds
 * for what it chooses.
 */
final class SpreadPolicy extends BlockPlacementPolicyRackFaultTolerant {

  private final PolicyCore core;

  SpreadPolicy(PolicyCore core) {
    this.core = core;
  }

  @Override
  protected DatanodeDescriptor chooseDataNode(String scope, Collection<Node> excludedNodes) {
    return core.choose(clusterMap, scope, excludedNodes, null, () -> super.chooseDataNode(scope, excludedNodes));
  }

  @Override
  protected DatanodeDescriptor chooseDataNode(String scope, Collection<Node> excludedNodes, StorageType type) {
    return core.choose(clusterMap, scope, excludedNodes, type,
        () -> super.chooseDataNode(scope, excludedNodes, type));
  }

  /** The first replica of an off-cluster writer goes where the core says, if that node passes HDFS's checks. */
  @Override
  protected DatanodeStorageInfo chooseLocalStorage(Node localMachine, Set<Node> excludedNodes, long blocksize,
      int maxNodesPerRack, List<DatanodeStorageInfo> results, boolean avoidStaleNodes,
      EnumMap<StorageType, Integer> storageTypes, boolean fallbackToLocalRack) throws NotEnoughReplicasException {
    Node first = fallbackToLocalRack ? core.firstReplica(clusterMap, localMachine, excludedNodes, storageTypes)
        : null;
    if (first != null) {
      try {
        // a scope that is one node: HDFS's own draw returns it, and HDFS checks it as any target
        return chooseRandom(NodeBase.getPath(first), excludedNodes, blocksize, maxNodesPerRack, results,
            avoidStaleNodes, storageTypes);
      } catch (NotEnoughReplicasException e) {
        // the node failed a check: HDFS's rule below, which draws through chooseDataNode again
      }
    }
    return super.chooseLocalStorage(localMachine, excludedNodes, blocksize, maxNodesPerRack, results,
        avoidStaleNodes, storageTypes, fallbackToLocalRack);
  }

  @Override
  public DatanodeStorageInfo chooseReplicaToDelete(Collection<DatanodeStorageInfo> moreThanOne,
      Collection<DatanodeStorageInfo> exactlyOne, List<StorageType> excessTypes,
      Map<String, List<DatanodeStorageInfo>> rackMap) {
    long oldestHeartbeat = Time.monotonicNow() - heartbeatInterval * tolerateHeartbeatMultiplier;
    return core.toDelete(pickupReplicaSet(moreThanOne, exactlyOne, rackMap), excessTypes, oldestHeartbeat,
        () -> super.chooseReplicaToDelete(moreThanOne, exactlyOne, excessTypes, rackMap));
  }
}
