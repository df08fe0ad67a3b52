/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.placement.choice.RecentPlacements;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.util.Time;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What both rack rules' subclasses ask a ReplicaKit policy: which sampled DataNode takes a replica, which excess
 * replica goes, where an off-cluster writer's first replica goes, and which targets were chosen. It translates
 * HDFS's objects for a pure decision class ({@code io.replicakit.placement.choice}) and contains its faults.
 *
 * <p>Cost: every decision makes HDFS's default's one draw through the topology and takes its other
 * {@code candidates - 1} from lists of the DataNodes, the whole cluster's or the rack's ({@link CandidateDraw});
 * apart from retaking those lists when the cluster changes, nothing here walks the cluster. What is left over
 * HDFS's own cost is checking and scoring the extra candidates; docs/experiments/placement-scale.md has the
 * measurements.
 *
 * <p>Fault containment: any {@link Throwable} of a decision (a bug, an unexpected HDFS object, an {@link Error})
 * is counted ({@code Fallbacks}), logged at most once a minute with the number held back, and that one call is
 * answered by HDFS's own code, the superclass's method, so a write never fails because of the policy.
 */
public abstract class PolicyCore {

  private static final Logger LOG = LoggerFactory.getLogger(PolicyCore.class);

  private final int candidates;
  private final PlacementMetrics metrics;
  private final ThrottledLog faultLog = new ThrottledLog(ThrottledLog.DEFAULT_PERIOD_MS, Time::monotonicNow);
  private final RecentPlacements recent = new RecentPlacements();

  private final CandidateDraw draw;

  protected PolicyCore(int candidates, RandomGenerator random, PlacementMetrics metrics) {
    this.candidates = candidates;
    this.metrics = metrics;
    this.draw = new CandidateDraw(new NodeSnapshot(Time::monotonicNow), random);
  }

  public PlacementMetrics metrics() {
    return metrics;
  }

  /** The index of the candidate that takes the replica. */
  protected abstract int pick(DatanodeDescriptor[] nodes, int count, StorageType type);

  /** The index of the candidate whose excess replica goes. */
  protected abstract int worst(DatanodeDescriptor[] nodes, int count, StorageType type);

  /** A mark that changes with every new report of the node ({@link RecentPlacements#mark}). */
  protected abstract long mark(DatanodeDescriptor node);

  /**
   * Where an off-cluster writer's first replica goes: a node, or null for HDFS's rule (a random node of the
   * writer's rack). Only {@code balanced} trades that locality.
   */
  protected Node firstReplica(NetworkTopology map, Node writer, Set<Node> excluded, StorageType type) {
    return null;
  }

  protected final int recentPlacements(DatanodeDescriptor node) {
    return recentPlacements(node, mark(node));
  }

  /** Placements on {@code node} since the report {@code mark} stands for. */
  protected final int recentPlacements(DatanodeDescriptor node, long mark) {
    return recent.since(node.getDatanodeUuid(), mark);
  }

  /**
   * The node for {@code chooseDataNode}: the policy's pick among {@code candidates} random nodes of
   * {@code scope} (null when the scope has none left), or HDFS's answer after a fault.
   *
   * @param type the storage type wanted; null on a topology without storage types
   */
  DatanodeDescriptor choose(NetworkTopology map, String scope, Collection<Node> excluded, StorageType type,
      Supplier<DatanodeDescriptor> hdfs) {
    try {
      DatanodeDescriptor[] nodes = new DatanodeDescriptor[candidates];
      int count = sample(map, scope, excluded, type, nodes);
      if (count == 0) {
        return null;
      }
      DatanodeDescriptor chosen = nodes[count == 1 ? 0 : pick(nodes, count, type)];
      metrics.choice(); // after the pick: a pick that fails is a fallback, not a choice
      return chosen;
    } catch (Throwable t) { // an Error too: HDFS places this replica
      fault("choosing a target", t);
      return hdfs.get();
    }
  }

  /** The first-replica node for an off-cluster {@code writer}, or null for HDFS's rule (also after a fault). */
  Node firstReplica(NetworkTopology map, Node writer, Set<Node> excluded, EnumMap<StorageType, Integer> types) {
    if (writer == null || writer instanceof DatanodeDescriptor || types.isEmpty()) {
      return null;
    }
    try {
      StorageType type = map instanceof DFSNetworkTopology ? types.keySet().iterator().next() : null;
      return firstReplica(map, writer, excluded, type);
    } catch (Throwable t) {
      fault("choosing the writer's rack", t);
      return null;
    }
  }

  /**
   * The replica of an over-replicated block to delete, from {@code set} (HDFS's rack-safe choice of replicas,
   * {@code pickupReplicaSet}), among those of an excess storage type. Like HDFS, a replica on a node that has
   * missed heartbeats ({@code lastUpdate} before {@code oldestHeartbeat}) goes first; otherwise the policy's
   * worst. Removes the chosen replica's type from {@code excessTypes}, as HDFS does.
   */
  DatanodeStorageInfo toDelete(Collection<DatanodeStorageInfo> set, List<StorageType> excessTypes,
      long oldestHeartbeat, Supplier<DatanodeStorageInfo> hdfs) {
    DatanodeStorageInfo chosen;
    try {
      chosen = worstOf(set, excessTypes, oldestHeartbeat);
    } catch (Throwable t) {
      fault("choosing a replica to delete", t);
      return hdfs.get();
    }
    if (chosen != null) {
      metrics.deletion();
      excessTypes.remove(chosen.getStorageType());
    }
    return chosen;
  }

  private DatanodeStorageInfo worstOf(Collection<DatanodeStorageInfo> set, List<StorageType> excessTypes,
      long oldestHeartbeat) {
    DatanodeStorageInfo[] storages = new DatanodeStorageInfo[set.size()];
    DatanodeDescriptor[] nodes = new DatanodeDescriptor[set.size()];
    int count = 0;
    DatanodeStorageInfo silent = null;
    long silentSince = oldestHeartbeat;
    for (DatanodeStorageInfo s : set) {
      if (!excessTypes.contains(s.getStorageType())) {
        continue;
      }
      long lastUpdate = s.getDatanodeDescriptor().getLastUpdateMonotonic();
      if (lastUpdate < silentSince) {
        silentSince = lastUpdate;
        silent = s;
      }
      storages[count] = s;
      nodes[count++] = s.getDatanodeDescriptor();
    }
    if (silent != null || count == 0) {
      return silent;
    }
    return storages[worst(nodes, count, storages[0].getStorageType())];
  }

  /** Notes the chosen targets as recent placements of their nodes; a fault only loses the note. */
  public void placed(DatanodeStorageInfo[] targets) {
    try {
      for (DatanodeStorageInfo target : targets) {
        DatanodeDescriptor node = target.getDatanodeDescriptor();
        recent.placed(node.getDatanodeUuid(), mark(node));
      }
    } catch (Throwable t) {
      fault("noting placements", t);
    }
  }

  /** Up to {@code into.length} distinct random nodes of {@code scope}; fewer when the scope runs out. */
  final int sample(NetworkTopology map, String scope, Collection<Node> excluded, StorageType type,
      DatanodeDescriptor[] into) {
    return draw.sample(new CandidateDraw.Request(map, scope, excluded, type), into);
  }

  private void fault(String what, Throwable t) {
    metrics.fallback();
    faultLog.error(LOG, "ReplicaKit placement policy failed " + what + " (" + t + "); HDFS's own choice is used "
        + "for this call, fault " + metrics.fallbacks(), t);
  }
}
