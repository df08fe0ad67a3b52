/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.hdfs;

import io.replicakit.common.PluginHost;
import io.replicakit.common.hdfs.UnsupportedHadoopException;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.metrics.datanode.DataNodeVolumes;
import io.replicakit.pfimbi.manager.ReplicationManager;
import io.replicakit.pfimbi.rpc.NodeRef;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.DatanodeInfoBuilder;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;

/**
 * The Replication Managers' one door into DataNode internals: the DataNode's identity as other nodes reach it,
 * its volumes and their free space, where to bind, and block data moved with HDFS's data-transfer protocol
 * ({@link #transfers}). Behind it, package-private: {@link BlockIo} (the protocol), {@link BlockData} (a buffered
 * replica with its checksums) and {@link BlockTransfers} (notices turned into transfers). A Hadoop upgrade
 * touches this package and the list of what it uses, {@link DataNodeInternals}, which {@link #checkInternals()}
 * resolves when the plugin starts.
 *
 * <p>Creating the adaptor touches nothing but the {@link DataNode} object, so the plugin can read its
 * configuration and check the internals before any of them is called.
 */
public final class DataNodeAdaptor {

  /** The longest block a Replication Manager can hold: one {@code byte[]}. */
  public static final int MAX_BLOCK_BYTES = BlockIo.MAX_BLOCK_BYTES;

  private final DataNode dataNode;

  private DataNodeAdaptor(DataNode dataNode) {
    this.dataNode = dataNode;
  }

  public static DataNodeAdaptor of(Object service) {
    return new DataNodeAdaptor(
        PluginHost.require(service, DataNode.class, "Replication Manager", DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY));
  }

  /**
   * Resolves every Hadoop member this adaptor and its helpers use, in the running Hadoop.
   *
   * @throws UnsupportedHadoopException naming the Hadoop version and every member that is missing or changed
   */
  public static void checkInternals() {
    DataNodeInternals.API.check();
  }

  public Configuration conf() {
    return dataNode.getConf();
  }

  /**
   * How the Replication Manager of {@code storageType} moves block data: pulled from a notice's source with
   * HDFS's data-transfer protocol, stored on a local volume of that type as a finalized replica.
   */
  public ReplicationManager.Transfers<?> transfers(String storageType) {
    return new BlockTransfers(new BlockIo(dataNode), StorageType.valueOf(storageType));
  }

  /** This DataNode as a pipeline source for {@code storageType}: its registration with the block pool. */
  public NodeRef self(String blockPoolId, String storageType) throws IOException {
    DatanodeID id = dataNode.getDNRegistrationForBP(blockPoolId);
    return new NodeRef(id.getDatanodeUuid(), id.getIpAddr(), id.getHostName(), id.getXferPort(), id.getIpcPort(),
        id.getInfoPort(), storageType);
  }

  /**
   * This DataNode's UUID as registered for {@code blockPoolId}; empty when it does not serve that pool (or has not
   * registered for it yet).
   */
  public Optional<String> uuid(String blockPoolId) {
    try {
      return Optional.ofNullable(dataNode.getDNRegistrationForBP(blockPoolId).getDatanodeUuid());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The volumes in service; empty until the DataNode has opened its dataset (during registration). */
  public List<VolumeRef> volumes() {
    return DataNodeVolumes.of(dataNode);
  }

  /**
   * Where this DataNode's Replication Manager binds: the configured address, except that a wildcard host becomes
   * the data-transfer host when that one is specific (several DataNodes on one machine, each on its own address).
   */
  public InetSocketAddress bindAddress(InetSocketAddress configured) {
    if (!configured.getAddress().isAnyLocalAddress()) {
      return configured;
    }
    InetSocketAddress xfer = dataNode.getXferAddress();
    if (xfer.getAddress() == null || xfer.getAddress().isAnyLocalAddress()) {
      return configured;
    }
    return new InetSocketAddress(xfer.getAddress(), configured.getPort());
  }

  /**
   * Free space of the volumes of {@code storageType} as the DataNode itself counts it ({@code getAvailable}:
   * capacity less DFS use, reserved space and space reserved for replicas being written): in all of them, and in
   * the one with the most, since a block goes to a single volume.
   */
  public ReplicationManager.Space space(String storageType) throws IOException {
    FsDatasetSpi<?> dataset = dataNode.getFSDataset();
    if (dataset == null) {
      return new ReplicationManager.Space(Long.MAX_VALUE, Long.MAX_VALUE); // not open yet: the write will tell
    }
    long total = 0;
    long largest = 0;
    try (FsDatasetSpi.FsVolumeReferences refs = dataset.getFsVolumeReferences()) {
      for (FsVolumeSpi v : refs) {
        if (v.getStorageType().name().equals(storageType)) {
          long available = v.getAvailable();
          total += available;
          largest = Math.max(largest, available);
        }
      }
    }
    return new ReplicationManager.Space(total, largest);
  }

  /** A DataNode of a notice as HDFS's data-transfer code wants it. */
  static DatanodeInfo datanodeInfo(NodeRef ref) {
    return new DatanodeInfoBuilder()
        .setNodeID(new DatanodeID(ref.ipAddr(), ref.hostName(), ref.datanodeUuid(), ref.xferPort(),
            ref.infoPort(), 0, ref.ipcPort()))
        .build();
  }
}
