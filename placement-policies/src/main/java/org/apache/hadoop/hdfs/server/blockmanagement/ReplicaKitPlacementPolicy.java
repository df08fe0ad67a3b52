/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.blockmanagement;

import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;

/**
 * The base of ReplicaKit's placement policies ({@code io.replicakit.placement.policy}): a policy whose rack rule
 * is a setting. HDFS implements its two rack rules as two classes ({@code BlockPlacementPolicyDefault} and
 * {@code BlockPlacementPolicyRackFaultTolerant}), and a class has one superclass; so this class hands every
 * decision to a delegate built from the configuration (a subclass of the one or the other), and reports the
 * targets each decision returned, so that a policy can count its own recent placements.
 *
 * <p>Why in HDFS's package: {@code initialize} takes the package-private {@code Host2NodesMap}, so only a class
 * here can pass it on to a delegate. Why a {@code BlockPlacementPolicyDefault} itself: tools that load a policy
 * by class name to ask {@code verifyBlockPlacement} (ReplicaKit's placement analysis among them) accept that
 * type, whose {@code initialize} is public. Its own inherited state is initialized and never consulted.
 */
public abstract class ReplicaKitPlacementPolicy extends BlockPlacementPolicyDefault implements Configurable {

  private Configuration conf;
  private BlockPlacementPolicyDefault delegate;

  /**
   * The policy that decides, for {@code conf}'s rack rule and settings.
   *
   * @throws IllegalArgumentException naming every setting at fault
   */
  protected abstract BlockPlacementPolicyDefault newDelegate(Configuration conf);

  /** Called with the targets of every placement decision; must not throw. */
  protected abstract void chosen(DatanodeStorageInfo[] targets);

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.delegate = newDelegate(conf);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** The policy that decides: a subclass of HDFS's default or rack-fault-tolerant policy. */
  public BlockPlacementPolicyDefault delegate() {
    return delegate;
  }

  @Override
  public void initialize(Configuration conf, FSClusterStats stats, NetworkTopology clusterMap,
      Host2NodesMap host2datanodeMap) {
    if (delegate == null) {
      setConf(conf); // built with new instead of Hadoop's ReflectionUtils
    }
    super.initialize(conf, stats, clusterMap, host2datanodeMap);
    delegate.initialize(conf, stats, clusterMap, host2datanodeMap);
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    return report(pipelineFrom(chosen.isEmpty() ? writer : null, delegate.chooseTarget(srcPath, numOfReplicas,
        writer, chosen, returnChosenNodes, excludedNodes, blocksize, storagePolicy, flags)),
        returnChosenNodes ? chosen : List.of());
  }

  @Override
  DatanodeStorageInfo[] chooseTarget(String src, int numOfReplicas, Node writer, Set<Node> excludedNodes,
      long blocksize, List<DatanodeDescriptor> favoredNodes, BlockStoragePolicy storagePolicy,
      EnumSet<AddBlockFlag> flags) {
    return report(pipelineFrom(writer, delegate.chooseTarget(src, numOfReplicas, writer, excludedNodes, blocksize,
        favoredNodes, storagePolicy, flags)), List.of());
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags, EnumMap<StorageType, Integer> storageTypes) {
    return report(pipelineFrom(chosen.isEmpty() ? writer : null, delegate.chooseTarget(srcPath, numOfReplicas,
        writer, chosen, returnChosenNodes, excludedNodes, blocksize, storagePolicy, flags, storageTypes)),
        returnChosenNodes ? chosen : List.of());
  }

  /**
   * The targets in pipeline order from an off-cluster {@code writer}, when the first replica went out of the
   * writer's rack. HDFS orders a pipeline from the first replica's node when the writer is no DataNode
   * ({@code getPipeline} after {@code chooseTargetInOrder}); its own rule puts that replica in the writer's rack, so
   * the block crosses racks once. {@code balanced} may send the first replica to another rack and the next two to
   * the writer's (placement paper §5's rack balance): ordered from that replica the block would cross racks twice
   * (writer, other rack, writer's rack); ordered from the writer, greedily nearest-next as HDFS orders, once.
   * Unchanged when the first target is in the writer's rack, so HDFS's order stands wherever its rule held, and
   * for a pipeline being repaired (targets chosen before: the caller passes a null writer).
   */
  static DatanodeStorageInfo[] pipelineFrom(Node writer, DatanodeStorageInfo[] targets) {
    if (writer == null || writer instanceof DatanodeDescriptor || targets.length < 2
        || writer.getNetworkLocation().equals(targets[0].getDatanodeDescriptor().getNetworkLocation())) {
      return targets;
    }
    Node from = writer;
    for (int i = 0; i < targets.length; i++) {
      int nearest = i;
      int distance = NetworkTopology.getDistanceByPath(from, targets[i].getDatanodeDescriptor());
      for (int j = i + 1; j < targets.length; j++) {
        int d = NetworkTopology.getDistanceByPath(from, targets[j].getDatanodeDescriptor());
        if (d < distance) {
          distance = d;
          nearest = j;
        }
      }
      DatanodeStorageInfo next = targets[nearest];
      targets[nearest] = targets[i];
      targets[i] = next;
      from = next.getDatanodeDescriptor();
    }
    return targets;
  }

  /** Reports the new targets: those the caller had chosen before and asked back are not new placements. */
  private DatanodeStorageInfo[] report(DatanodeStorageInfo[] targets, List<DatanodeStorageInfo> chosenBefore) {
    if (chosenBefore.isEmpty()) {
      chosen(targets);
    } else {
      chosen(java.util.Arrays.stream(targets).filter(t -> !chosenBefore.contains(t))
          .toArray(DatanodeStorageInfo[]::new));
    }
    return targets;
  }

  @Override
  public BlockPlacementStatus verifyBlockPlacement(DatanodeInfo[] locs, int numOfReplicas) {
    return delegate.verifyBlockPlacement(locs, numOfReplicas);
  }

  @Override
  public List<DatanodeStorageInfo> chooseReplicasToDelete(Collection<DatanodeStorageInfo> availableReplicas,
      Collection<DatanodeStorageInfo> delCandidates, int expectedNumOfReplicas, List<StorageType> excessTypes,
      DatanodeDescriptor addedNode, DatanodeDescriptor delNodeHint) {
    return delegate.chooseReplicasToDelete(availableReplicas, delCandidates, expectedNumOfReplicas, excessTypes,
        addedNode, delNodeHint);
  }

  @Override
  public DatanodeStorageInfo chooseReplicaToDelete(Collection<DatanodeStorageInfo> moreThanOne,
      Collection<DatanodeStorageInfo> exactlyOne, List<StorageType> excessTypes,
      Map<String, List<DatanodeStorageInfo>> rackMap) {
    return delegate.chooseReplicaToDelete(moreThanOne, exactlyOne, excessTypes, rackMap);
  }

  @Override
  public boolean isMovable(Collection<DatanodeInfo> candidates, DatanodeInfo source, DatanodeInfo target) {
    return delegate.isMovable(candidates, source, target);
  }

  @Override
  public void adjustSetsWithChosenReplica(Map<String, List<DatanodeStorageInfo>> rackMap,
      List<DatanodeStorageInfo> moreThanOne, List<DatanodeStorageInfo> exactlyOne, DatanodeStorageInfo cur) {
    delegate.adjustSetsWithChosenReplica(rackMap, moreThanOne, exactlyOne, cur);
  }

  @Override
  public void setExcludeSlowNodesEnabled(boolean enable) {
    super.setExcludeSlowNodesEnabled(enable);
    delegate.setExcludeSlowNodesEnabled(enable);
  }

  @Override
  public boolean getExcludeSlowNodesEnabled() {
    return delegate.getExcludeSlowNodesEnabled();
  }

  @Override
  public void setMinBlocksForWrite(int minBlocksForWrite) {
    super.setMinBlocksForWrite(minBlocksForWrite);
    delegate.setMinBlocksForWrite(minBlocksForWrite);
  }

  @Override
  public int getMinBlocksForWrite() {
    return delegate.getMinBlocksForWrite();
  }
}
