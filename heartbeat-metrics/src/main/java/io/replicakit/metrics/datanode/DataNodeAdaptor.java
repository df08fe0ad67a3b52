/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

import io.replicakit.common.PluginHost;
import io.replicakit.common.hdfs.UnsupportedHadoopException;
import io.replicakit.common.sysstate.VolumeRef;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSUtil;
import org.apache.hadoop.hdfs.server.datanode.DataNode;

/**
 * Every use of DataNode internals in this module, in one place, so a Hadoop upgrade touches one file: the
 * DataNode's UUID, its volumes (storage ID, type, directory, through its helper {@link DataNodeVolumes}) and its
 * NameNodes' addresses. What it uses of Hadoop is listed in {@link DataNodeInternals} and checked when the plugin
 * starts ({@link #checkInternals()}).
 */
final class DataNodeAdaptor implements Reporter.NodeView {

  private final DataNode dataNode;

  DataNodeAdaptor(DataNode dataNode) {
    this.dataNode = dataNode;
  }

  static DataNodeAdaptor of(Object service) {
    return new DataNodeAdaptor(
        PluginHost.require(service, DataNode.class, "metrics reporter", DFSConfigKeys.DFS_DATANODE_PLUGINS_KEY));
  }

  /**
   * Resolves every Hadoop member this adaptor and {@link DataNodeVolumes} use, in the running Hadoop.
   *
   * @throws UnsupportedHadoopException naming the Hadoop version and every member that is missing or changed
   */
  static void checkInternals() {
    DataNodeInternals.API.check();
  }

  Configuration conf() {
    return dataNode.getConf();
  }

  @Override
  public String uuid() {
    String uuid = dataNode.getDatanodeUuid();
    return uuid == null ? "" : uuid;
  }

  /** The volumes in service; empty until the DataNode has opened its dataset (during registration). */
  @Override
  public List<VolumeRef> volumes() {
    return DataNodeVolumes.of(dataNode);
  }

  /** The service RPC addresses of every NameNode this DataNode reports to (all of them under HA). */
  List<InetSocketAddress> nameNodes() throws IOException {
    List<InetSocketAddress> all = new ArrayList<>();
    for (Map<String, InetSocketAddress> nameservice :
        DFSUtil.getNNServiceRpcAddressesForCluster(conf()).values()) {
      all.addAll(nameservice.values());
    }
    return all;
  }
}
