/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.blockmanagement;

import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.pfimbi.config.PfimbiConfig;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Pfimbi's NameNode hook ({@code dfs.block.replicator.classname}): the cluster's own placement policy
 * ({@code replicakit.pfimbi.placement.delegate}, HDFS's default unless set) decides everything, and this wrapper
 * adds two things.
 *
 * <ul>
 *   <li>It keeps the replicas of blocks still in background replication: while a Pfimbi file stays at its
 *       synchronous replication, each background copy that lands makes the block look over-replicated, and the
 *       NameNode would delete it again. {@link #chooseReplicasToDelete} returns nothing for such a block (an
 *       empty answer keeps the replicas, and the NameNode asks again on the next trigger).
 *   <li>It tells the coordinator about every file that allocates a block, so that files marked for Pfimbi are
 *       found without scanning the namespace.
 * </ul>
 *
 * <p>It lives in HDFS's package because {@code initialize} takes the package-private {@code Host2NodesMap}; this
 * and {@link PfimbiBlocks} are the only classes there, helpers of {@code io.replicakit.pfimbi.hdfs.NameNodeAdaptor},
 * through which alone the coordinator reaches them (their Hadoop members are in its list of internals). A fault in
 * the hooks, an {@link Error} included, never fails a write or a deletion decision: it is counted
 * ({@code HookFaults}), logged at most once a minute with the number held back, and the delegate's answer stands.
 */
public class PfimbiPlacementPolicy extends BlockPlacementPolicy implements Configurable {

  private static final Logger LOG = LoggerFactory.getLogger(PfimbiPlacementPolicy.class);

  private Configuration conf;
  private BlockPlacementPolicy delegate;
  private final ThrottledLog faultLog = new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, Time::monotonicNow);

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    delegate = newDelegate(PfimbiConfig.settings(conf).coordination().placementDelegate(), conf);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** The wrapped policy: the coordinator chooses background targets with it. */
  public BlockPlacementPolicy delegate() {
    return delegate;
  }

  private static BlockPlacementPolicy newDelegate(String name, Configuration conf) {
    Class<?> type;
    try {
      type = conf.getClassByName(name);
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(PfimbiConfig.PLACEMENT_DELEGATE_KEY + ": class " + name + " not found", e);
    }
    if (!BlockPlacementPolicy.class.isAssignableFrom(type) || type == PfimbiPlacementPolicy.class) {
      throw new IllegalArgumentException(PfimbiConfig.PLACEMENT_DELEGATE_KEY + " must name a BlockPlacementPolicy "
          + "other than " + PfimbiPlacementPolicy.class.getSimpleName() + ", was " + name);
    }
    return (BlockPlacementPolicy) ReflectionUtils.newInstance(type, conf);
  }

  @Override
  protected void initialize(Configuration conf, FSClusterStats stats, NetworkTopology clusterMap,
      Host2NodesMap host2datanodeMap) {
    delegate.initialize(conf, stats, clusterMap, host2datanodeMap);
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    return delegate.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes, excludedNodes,
        blocksize, storagePolicy, flags);
  }

  /** The path new blocks take ({@code BlockManager.chooseTarget4NewBlock}): note the file for the coordinator. */
  @Override
  DatanodeStorageInfo[] chooseTarget(String src, int numOfReplicas, Node writer, Set<Node> excludedNodes,
      long blocksize, List<DatanodeDescriptor> favoredNodes, BlockStoragePolicy storagePolicy,
      EnumSet<AddBlockFlag> flags) {
    try {
      PfimbiBlocks.get().noteWrite(src);
    } catch (Throwable t) { // an Error too: the write goes on as in HDFS
      fault(t);
    }
    return delegate.chooseTarget(src, numOfReplicas, writer, excludedNodes, blocksize, favoredNodes, storagePolicy,
        flags);
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags, EnumMap<StorageType, Integer> storageTypes) {
    return delegate.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes, excludedNodes,
        blocksize, storagePolicy, flags, storageTypes);
  }

  @Override
  public BlockPlacementStatus verifyBlockPlacement(DatanodeInfo[] locs, int numOfReplicas) {
    return delegate.verifyBlockPlacement(locs, numOfReplicas);
  }

  @Override
  public List<DatanodeStorageInfo> chooseReplicasToDelete(Collection<DatanodeStorageInfo> availableReplicas,
      Collection<DatanodeStorageInfo> delCandidates, int expectedNumOfReplicas, List<StorageType> excessTypes,
      DatanodeDescriptor addedNode, DatanodeDescriptor delNodeHint) {
    try {
      if (PfimbiBlocks.get().isInBackgroundReplication(availableReplicas, expectedNumOfReplicas)) {
        PfimbiBlocks.get().countVeto();
        return List.of();
      }
    } catch (Throwable t) { // an Error too: the delegate decides as in HDFS
      fault(t);
    }
    return delegate.chooseReplicasToDelete(availableReplicas, delCandidates, expectedNumOfReplicas, excessTypes,
        addedNode, delNodeHint);
  }

  @Override
  public boolean isMovable(Collection<DatanodeInfo> candidates, DatanodeInfo source, DatanodeInfo target) {
    return delegate.isMovable(candidates, source, target);
  }

  @Override
  public void adjustSetsWithChosenReplica(java.util.Map<String, List<DatanodeStorageInfo>> rackMap,
      List<DatanodeStorageInfo> moreThanOne, List<DatanodeStorageInfo> exactlyOne, DatanodeStorageInfo cur) {
    delegate.adjustSetsWithChosenReplica(rackMap, moreThanOne, exactlyOne, cur);
  }

  @Override
  public void setExcludeSlowNodesEnabled(boolean enable) {
    delegate.setExcludeSlowNodesEnabled(enable);
  }

  @Override
  public boolean getExcludeSlowNodesEnabled() {
    return delegate.getExcludeSlowNodesEnabled();
  }

  @Override
  public void setMinBlocksForWrite(int minBlocksForWrite) {
    delegate.setMinBlocksForWrite(minBlocksForWrite);
  }

  @Override
  public int getMinBlocksForWrite() {
    return delegate.getMinBlocksForWrite();
  }

  private void fault(Throwable t) {
    PfimbiBlocks.get().countHookFault();
    faultLog.error(LOG, "Pfimbi placement hook failed; the placement policy's own answer is used", t);
  }
}
