/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.hdfs;

import io.replicakit.common.fault.ThrottledLog;
import io.replicakit.metrics.proto.SystemMetricsProtos.ListNodesResponseProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.NodeStateProto;
import io.replicakit.metrics.proto.SystemMetricsProtos.VolumeMetricsProto;
import io.replicakit.metrics.query.MetricsQuery;
import java.io.IOException;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How busy each DataNode's busiest volume is, from the NameNode's heartbeat-metrics registry (the
 * {@code metrics} tool's query). Without the heartbeat-metrics plugins, or when their server does not answer,
 * every node counts as of unknown load and balancing goes on as HDFS's would: the loads only steer moves away
 * from busy nodes.
 */
public final class NodeLoads {

  private static final Logger LOG = LoggerFactory.getLogger(NodeLoads.class);
  private static final ThrottledLog WARN = new ThrottledLog(600_000, org.apache.hadoop.util.Time::monotonicNow);

  private final Configuration conf;
  private final URI nameNode;

  public NodeLoads(Configuration conf, URI nameNode) {
    this.conf = conf;
    this.nameNode = nameNode;
  }

  /** Busy percent of the busiest volume per DataNode UUID, fresh samples only; empty when unavailable. */
  public Map<String, Double> busyPct() {
    try {
      return busiest(MetricsQuery.listNodes(conf, MetricsQuery.serversFor(nameNode, conf)));
    } catch (IOException | RuntimeException e) {
      WARN.warn(LOG, "Node load unknown (heartbeat metrics not reachable at the NameNode); moves are chosen "
          + "without it", e);
      return Map.of();
    }
  }

  static Map<String, Double> busiest(ListNodesResponseProto response) {
    Map<String, Double> busy = new HashMap<>();
    for (NodeStateProto node : response.getNodesList()) {
      if (node.getStale()) {
        continue;
      }
      double max = Double.NaN;
      for (VolumeMetricsProto v : node.getSample().getVolumesList()) {
        if (v.hasUtilizationPct() && !(v.getUtilizationPct() <= max)) {
          max = v.getUtilizationPct();
        }
      }
      if (!Double.isNaN(max)) {
        busy.put(node.getSample().getDatanodeUuid(), max);
      }
    }
    return busy;
  }
}
