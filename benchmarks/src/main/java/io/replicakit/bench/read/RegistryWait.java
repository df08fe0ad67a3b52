/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.SystemStates;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.apache.hadoop.hdfs.server.datanode.DataNode;

/**
 * Waits for the NameNode's system-state registry ({@link SystemStates}) to hold what a measurement needs: after a
 * NameNode restart, a fresh sample of every DataNode (else system-state, combined and DRR would start blind);
 * under stress, a sample of the stressed node taken while the stress was on (else the policy could not know).
 */
final class RegistryWait {

  private RegistryWait() {}

  /** The DataNode UUID of a running node, as the registry keys it. */
  static String uuid(EmbeddedCluster cluster, String nodeName) {
    return cluster.dataNode(nodeName).map(DataNode::getDatanodeUuid)
        .orElseThrow(() -> new IllegalStateException("DataNode " + nodeName + " is not running"));
  }

  /**
   * Waits until every node in {@code uuids} has a fresh sample received at or after {@code sinceMs} (epoch ms,
   * the NameNode's clock) for which {@code condition} holds.
   *
   * @return the samples, in {@code uuids} order
   */
  static List<NodeState> await(List<String> uuids, long sinceMs, Predicate<NodeState> condition,
      Duration timeout) throws InterruptedException, TimeoutException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      List<NodeState> states = new ArrayList<>();
      for (String uuid : uuids) {
        Optional<NodeState> s = SystemStates.current().fresh(uuid);
        if (s.isPresent() && s.get().receivedMs() >= sinceMs && condition.test(s.get())) {
          states.add(s.get());
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
}
