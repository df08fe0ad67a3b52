/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class ReadTopologyCheckTest {

  @Test
  void readKeysWithHdfsTopology_areReportedAsWithoutEffect() {
    Configuration conf = new Configuration(false);
    conf.set("replicakit.read.policy", "drr");
    Optional<String> problem = ReadTopologyCheck.problem(conf);
    assertTrue(problem.isPresent());
    assertTrue(problem.get().contains("dfs.net.topology.impl is org.apache.hadoop.hdfs.net.DFSNetworkTopology"),
        problem.get());
  }

  @Test
  void readKeysWithReplicaKitsTopology_areFine() {
    Configuration conf = new Configuration(false);
    conf.set("replicakit.read.policy", "drr");
    conf.set("dfs.net.topology.impl", ReadTopologyCheck.TOPOLOGY_CLASS);
    assertEquals(Optional.empty(), ReadTopologyCheck.problem(conf));
  }

  @Test
  void withoutTheDfsTopology_theAdviceIsToTurnItOn_notToLoadReplicaKitThroughNetTopologyImpl() {
    for (String netImpl : new String[] {null, ReadTopologyCheck.TOPOLOGY_CLASS}) {
      Configuration conf = new Configuration(false);
      conf.set("replicakit.read.policy", "wrr");
      conf.setBoolean("dfs.use.dfs.network.topology", false);
      conf.set("dfs.net.topology.impl", ReadTopologyCheck.TOPOLOGY_CLASS);
      if (netImpl != null) {
        conf.set("net.topology.impl", netImpl); // the trap: HDFS's placement fails on it
      }
      String problem = ReadTopologyCheck.problem(conf).orElseThrow();
      assertTrue(problem.contains("dfs.use.dfs.network.topology=true and dfs.net.topology.impl="
          + ReadTopologyCheck.TOPOLOGY_CLASS), problem);
    }
  }

  @Test
  void noReadKeys_nothingToSay() {
    assertEquals(Optional.empty(), ReadTopologyCheck.problem(new Configuration(false)));
  }
}
