/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockStoragePolicySuite;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.apache.hadoop.util.ReflectionUtils;
import org.apache.hadoop.util.Time;

/**
 * A NameNode's view of a cluster without a NameNode: real {@link DatanodeDescriptor}s (one DISK storage each) in a
 * real {@link DFSNetworkTopology}, with capacities and used space set as heartbeats would, and real policies
 * initialized on it. Placements are applied at the next simulated heartbeat, as a DataNode reports them.
 */
final class SimCluster {

  static final long BLOCK = 1L << 20;
  static final BlockStoragePolicy HOT = BlockStoragePolicySuite.createDefaultSuite().getDefaultPolicy();

  final Configuration conf = new Configuration(false);
  final DFSNetworkTopology topology;
  final List<DatanodeDescriptor> nodes = new ArrayList<>();
  private final Map<DatanodeDescriptor, long[]> capacityUsed = new HashMap<>();
  private final Map<DatanodeDescriptor, Long> pending = new HashMap<>();
  private long clock = Time.monotonicNow();

  /** @param racks each node's rack; @param capacityBlocks each node's capacity in blocks */
  SimCluster(String[] racks, long[] capacityBlocks) {
    conf.setBoolean(DFSConfigKeys.DFS_NAMENODE_REDUNDANCY_CONSIDERLOAD_KEY, false);
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
    topology = DFSNetworkTopology.getInstance(conf);
    String[] hosts = new String[racks.length];
    for (int i = 0; i < racks.length; i++) {
      hosts[i] = "dn" + i;
    }
    DatanodeStorageInfo[] storages = DFSTestUtil.createDatanodeStorageInfos(racks, hosts);
    for (int i = 0; i < storages.length; i++) {
      DatanodeDescriptor node = storages[i].getDatanodeDescriptor();
      nodes.add(node);
      capacityUsed.put(node, new long[] {capacityBlocks[i] * BLOCK, 0});
      report(node);
      topology.add(node);
    }
  }

  /** A policy class from its name, configured with this cluster's settings plus {@code settings}. */
  BlockPlacementPolicyDefault policy(String className, Map<String, String> settings) throws Exception {
    Configuration c = new Configuration(conf);
    settings.forEach(c::set);
    BlockPlacementPolicyDefault p = (BlockPlacementPolicyDefault) ReflectionUtils.newInstance(
        Class.forName(className), c);
    p.initialize(c, null, topology, null);
    return p;
  }

  /** A client outside the cluster, in {@code rack}. */
  static Node client(String rack) {
    return new NodeBase("client", rack);
  }

  /** Chooses targets for one new block and notes them for the next heartbeat. */
  DatanodeStorageInfo[] write(BlockPlacementPolicyDefault policy, Node writer, int replication) {
    DatanodeStorageInfo[] targets = policy.chooseTarget("/f", replication, writer, new ArrayList<>(), false,
        new HashSet<>(), BLOCK, HOT, null);
    for (DatanodeStorageInfo t : targets) {
      pending.merge(t.getDatanodeDescriptor(), BLOCK, Long::sum);
    }
    return targets;
  }

  /** Every DataNode reports: the blocks written since the last heartbeat become used space. */
  void heartbeat() {
    clock++;
    pending.forEach((node, bytes) -> capacityUsed.get(node)[1] += bytes);
    pending.clear();
    nodes.forEach(this::report);
  }

  void setUsed(DatanodeDescriptor node, long bytes) {
    capacityUsed.get(node)[1] = bytes;
    report(node);
  }

  double usedPct(DatanodeDescriptor node) {
    long[] cu = capacityUsed.get(node);
    return 100.0 * cu[1] / cu[0];
  }

  /** Standard deviation of the nodes' used percent (the paper's σ of utilization). */
  double utilizationSigma() {
    double mean = nodes.stream().mapToDouble(this::usedPct).average().orElse(0);
    double var = nodes.stream().mapToDouble(n -> Math.pow(usedPct(n) - mean, 2)).average().orElse(0);
    return Math.sqrt(var);
  }

  static Set<String> racks(DatanodeStorageInfo[] targets) {
    Set<String> racks = new HashSet<>();
    for (DatanodeStorageInfo t : targets) {
      racks.add(t.getDatanodeDescriptor().getNetworkLocation());
    }
    return racks;
  }

  static DatanodeInfo[] locations(DatanodeStorageInfo[] targets) {
    DatanodeInfo[] locs = new DatanodeInfo[targets.length];
    for (int i = 0; i < targets.length; i++) {
      locs[i] = targets[i].getDatanodeDescriptor();
    }
    return locs;
  }

  private void report(DatanodeDescriptor node) {
    long[] cu = capacityUsed.get(node);
    node.getStorageInfos()[0].setUtilizationForTesting(cu[0], cu[1], cu[0] - cu[1], cu[1]);
    node.setCapacity(cu[0]);
    node.setDfsUsed(cu[1]);
    node.setRemaining(cu[0] - cu[1]);
    node.setLastUpdateMonotonic(clock);
  }
}
