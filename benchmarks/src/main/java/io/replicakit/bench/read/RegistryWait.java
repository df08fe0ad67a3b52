/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.common.state.NodeState;
import io.replicakit.metrics.proto.SystemMetricsProtos.NodeStateProto;
import io.replicakit.metrics.query.MetricsQuery;
import io.replicakit.metrics.wire.Decoded;
import io.replicakit.metrics.wire.MetricsCodec;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;

/**
 * Waits for the NameNode's system-state registry to hold what a measurement needs: after a NameNode restart, a
 * fresh sample of every DataNode (else system-state, combined and DRR would start blind); under stress, a sample of
 * the stressed node taken while the stress was on (else the policy could not know). The registry is read as the
 * {@code metrics} tool reads it, over its query RPC, so the wait is the same whether the NameNode runs in this JVM
 * or in a process of its own.
 */
final class RegistryWait {

  private RegistryWait() {}

  /** The DataNode UUID of a running node, as the registry keys it. */
  static String uuid(Cluster cluster, String nodeName) throws IOException {
    return cluster.dataNodeUuid(nodeName)
        .orElseThrow(() -> new IllegalStateException("DataNode " + nodeName + " is not running"));
  }

  /**
   * Waits until every node in {@code uuids} has a fresh sample received at or after {@code sinceMs} (epoch ms,
   * the NameNode's clock) for which {@code condition} holds.
   *
   * @return the samples, in {@code uuids} order
   */
  static List<NodeState> await(Cluster cluster, List<String> uuids, long sinceMs, Predicate<NodeState> condition,
      Duration timeout) throws InterruptedException, TimeoutException {
    Configuration conf = cluster.clientConf(ClientPlacement.offCluster());
    InetSocketAddress server = MetricsQuery.serversFor(cluster.uri(), conf).get(0);
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      Map<String, NodeState> fresh = fresh(conf, server);
      List<NodeState> states = new ArrayList<>();
      for (String uuid : uuids) {
        NodeState s = fresh.get(uuid);
        if (s != null && s.receivedMs() >= sinceMs && condition.test(s)) {
          states.add(s);
        }
      }
      if (states.size() == uuids.size()) {
        return states;
      }
      if (System.nanoTime() > deadline) {
        throw new TimeoutException("the system-state registry has " + states.size() + " of " + uuids.size()
            + " DataNodes' samples as required after " + timeout.toSeconds() + " s");
      }
      Thread.sleep(100);
    }
  }

  /** The registry's samples that are not stale, by DataNode UUID; none while the NameNode does not answer. */
  private static Map<String, NodeState> fresh(Configuration conf, InetSocketAddress server) {
    Map<String, NodeState> fresh = new HashMap<>();
    try {
      MetricsCodec codec = new MetricsCodec(Integer.MAX_VALUE);
      for (NodeStateProto node : MetricsQuery.listNodes(conf, server).getNodesList()) {
        Decoded decoded = codec.fromProto(node.getSample());
        if (!node.getStale() && decoded.isOk()) {
          NodeState state = new NodeState(decoded.sample(), node.getReceivedTimeMs(), node.getAgeMs(), false);
          fresh.put(state.datanodeUuid(), state);
        }
      }
    } catch (IOException e) {
      // The NameNode (and its registry) is restarting; ask again.
    }
    return fresh;
  }
}
