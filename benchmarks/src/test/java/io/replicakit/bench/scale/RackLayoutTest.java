/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.scale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.junit.jupiter.api.Test;

/** The racks NNThroughputBenchmark's DataNodes (ports 1..N on one address) are put in. */
class RackLayoutTest {

  @Test
  void tenThousandPorts_fillFiveHundredRacksOfTwenty() {
    RackLayout layout = new RackLayout(20);
    Map<String, Integer> perRack = new HashMap<>();
    for (int port = 1; port <= 10_000; port++) {
      perRack.merge(layout.rackOf(port), 1, Integer::sum);
    }
    assertEquals(500, perRack.size());
    assertTrue(perRack.values().stream().allMatch(n -> n == 20), perRack.toString());
    assertEquals(500, layout.racks(10_000));
  }

  @Test
  void rackBoundaries_fallEveryTwentyPorts() {
    RackLayout layout = new RackLayout(20);
    assertEquals("/rack-00001", layout.rackOf(1));
    assertEquals("/rack-00001", layout.rackOf(20));
    assertEquals("/rack-00002", layout.rackOf(21));
    assertEquals(3, layout.racks(41), "a partial last rack counts");
  }

  @Test
  void badSizesAndPorts_areRefusedNamingTheKey() {
    String message = assertThrows(IllegalArgumentException.class, () -> new RackLayout(0)).getMessage();
    assertTrue(message.contains("replicakit.testbed.port-rack.size") && message.contains("10000"), message);
    Configuration conf = new Configuration(false);
    conf.setInt(RackLayout.RACK_SIZE_KEY, -3);
    assertThrows(IllegalArgumentException.class, () -> RackLayout.of(conf));
    assertThrows(IllegalArgumentException.class, () -> new RackLayout(20).rackOf(0));
  }

  @Test
  void topology_putsEachDataNodeInTheRackOfItsPort_whateverItsResolvedLocation() {
    Configuration conf = new Configuration(false);
    conf.setInt(RackLayout.RACK_SIZE_KEY, 2);
    conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, PortRackTopology.class.getName());
    DFSNetworkTopology topology = DFSNetworkTopology.getInstance(conf);
    assertTrue(topology instanceof PortRackTopology, "built the way the NameNode builds it");
    for (int port = 1; port <= 5; port++) {
      DatanodeDescriptor dn = new DatanodeDescriptor(
          new DatanodeID("127.0.0.1", "localhost", "uuid-" + port, port, 0, 0, 0), "/default-rack");
      topology.add(dn);
    }
    assertEquals(3, topology.getNumOfRacks());
    assertEquals(5, topology.getNumOfLeaves());
    assertEquals(2, topology.getDatanodesInRack("/rack-00002").size());
  }
}
