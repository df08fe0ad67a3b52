/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.net.Node;

/**
 * HDFS's own DFS topology, except that a DataNode's rack comes from its transfer port ({@link RackLayout}) when it
 * joins. The NameNode sets {@code dfs.net.topology.impl} to it for the placement-scale experiment only: the
 * simulated DataNodes of NNThroughputBenchmark share one address, so the usual rack mapping would put all of them in
 * one rack. Every other behaviour, including the storage-type-aware random choice the placement policies use, is
 * {@link DFSNetworkTopology}'s.
 */
public class PortRackTopology extends DFSNetworkTopology implements Configurable {

  private Configuration conf;
  private RackLayout layout = new RackLayout(RackLayout.DEFAULT_RACK_SIZE);

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.layout = RackLayout.of(conf);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** Sets the node's rack from its port, then adds it as HDFS would. */
  @Override
  public void add(Node node) {
    if (node instanceof DatanodeInfo dn) {
      dn.setNetworkLocation(layout.rackOf(dn.getXferPort()));
    }
    super.add(node);
  }
}
