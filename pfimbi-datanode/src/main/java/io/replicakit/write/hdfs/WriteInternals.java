/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.hdfs;

import io.replicakit.common.hdfs.InternalApi;

/**
 * Every Hadoop type and member the write approaches use outside Hadoop's public {@code FileSystem} API: the
 * client's {@code DFSClient}, {@code ClientProtocol} and DataTransferProtocol classes (broadcast and the client of
 * master/slave), and the DataNode's SASL server, block keys and sockets (the relay). Checked when a
 * {@code WriteModeFileSystem} is initialized and when the relay starts; {@code WriteInternalsTest} compares it
 * with the classes' bytecode.
 */
public final class WriteInternals {

  public static final InternalApi API = InternalApi.builder("ReplicaKit write approaches", WriteInternals.class)
      .types(
          "org.apache.hadoop.hdfs.DFSClient",
          "org.apache.hadoop.hdfs.server.datanode.DataNode")
      .members()
      .build();

  private WriteInternals() {}

  /** The configuration of the DataNode a {@code dfs.datanode.plugins} plugin was started with. */
  public static org.apache.hadoop.conf.Configuration dataNodeConf(Object service) {
    if (!(service instanceof org.apache.hadoop.hdfs.server.datanode.DataNode dn)) {
      throw new IllegalArgumentException("the write relay is a DataNode plugin (dfs.datanode.plugins), started with "
          + (service == null ? "null" : service.getClass().getName()));
    }
    return dn.getConf();
  }
}
