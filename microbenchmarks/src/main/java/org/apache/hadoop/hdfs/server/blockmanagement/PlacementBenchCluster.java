/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package org.apache.hadoop.hdfs.server.blockmanagement;

import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * What a NameNode's placement policy sees, without the NameNode: a {@link DFSNetworkTopology} of DataNodes in
 * racks, each a {@link DatanodeDescriptor} with one DISK storage that has heartbeated its capacity, use and
 * transfer threads, and the policy of {@code dfs.block.replicator.classname} initialized over them as the
 * BlockManager does. In HDFS's package because {@code initialize} takes the package-private {@link Host2NodesMap}
 * and a descriptor's storages and heartbeat are set through package-private methods.
 */
public final class PlacementBenchCluster {

  /** Capacity of every storage: 4 TiB. */
  public static final long CAPACITY = 4L << 40;

  private final DFSNetworkTopology topology;
  private final DatanodeDescriptor[] dataNodes;
  private final BlockPlacementPolicy policy;

  private PlacementBenchCluster(DFSNetworkTopology topology, DatanodeDescriptor[] dataNodes,
      BlockPlacementPolicy policy) {
    this.topology = topology;
    this.dataNodes = dataNodes;
    this.policy = policy;
  }

  /**
   * Builds {@code count} DataNodes in racks of {@code rackSize}, each 10-90 % used and serving 0-8 transfers
   * (drawn from {@code seed}), so that capacity- and load-aware policies have real differences to weigh.
   */
  public static PlacementBenchCluster build(Configuration conf, int count, int rackSize, long seed) {
    DFSNetworkTopology topology = DFSNetworkTopology.getInstance(conf);
    Host2NodesMap hosts = new Host2NodesMap();
    DatanodeDescriptor[] nodes = new DatanodeDescriptor[count];
    SplittableRandom random = new SplittableRandom(seed);
    long xceivers = 0;
    for (int i = 0; i < count; i++) {
      DatanodeStorage disk = new DatanodeStorage(
          "DS-" + UUID.nameUUIDFromBytes(("replicakit-disk-" + i).getBytes()), DatanodeStorage.State.NORMAL,
          StorageType.DISK);
      nodes[i] = dataNode(i, rackSize);
      nodes[i].updateStorage(disk);
      int load = random.nextInt(9);
      xceivers += load;
      long used = (long) (CAPACITY * random.nextDouble(0.1, 0.9));
      StorageReport report = new StorageReport(disk, false, CAPACITY, used, CAPACITY - used, used, 0);
      nodes[i].updateHeartbeat(new StorageReport[] {report}, 0, 0, load, 0, null);
      topology.add(nodes[i]);
      hosts.add(nodes[i]);
    }
    BlockPlacementPolicy policy = ReflectionUtils.newInstance(conf.getClass(
        DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, BlockPlacementPolicyDefault.class,
        BlockPlacementPolicy.class), conf);
    policy.initialize(conf, new Stats(count, (double) xceivers / count), topology, hosts);
    return new PlacementBenchCluster(topology, nodes, policy);
  }

  private static DatanodeDescriptor dataNode(int i, int rackSize) {
    String ip = "10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255);
    DatanodeID id = new DatanodeID(ip, String.format("dn%05d.replicakit.test", i),
        UUID.nameUUIDFromBytes(("replicakit-dn-" + i).getBytes()).toString(), 9866, 9864, 9865, 9867);
    return new DatanodeDescriptor(id, String.format("/rack-%05d", i / rackSize + 1));
  }

  public DFSNetworkTopology topology() {
    return topology;
  }

  public DatanodeDescriptor[] dataNodes() {
    return dataNodes.clone();
  }

  public BlockPlacementPolicy policy() {
    return policy;
  }

  /** The cluster-wide figures the policy asks the NameNode for: every node in service, none stale. */
  private record Stats(int inService, double xceiverAverage) implements FSClusterStats {

    @Override
    public int getTotalLoad() {
      return (int) Math.round(xceiverAverage * inService);
    }

    @Override
    public boolean isAvoidingStaleDataNodesForWrite() {
      return false;
    }

    @Override
    public int getNumDatanodesInService() {
      return inService;
    }

    @Override
    public double getInServiceXceiverAverage() {
      return xceiverAverage;
    }

    @Override
    public double getInServiceXceiverAverageForVolume() {
      return xceiverAverage;
    }

    @Override
    public Map<StorageType, StorageTypeStats> getStorageTypeStats() {
      return Map.of();
    }
  }
}
