/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.DatanodeInfoBuilder;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.junit.jupiter.api.Test;

/**
 * The adaptor's distance weight ({@link ReplicaKitNetworkTopology#weight}) against HDFS's
 * {@code NetworkTopology.getWeight} for every ordered pair of a pool of nodes: DataNodes and the replicas HDFS
 * hands the sort (copies that share their DataNode's rack node), racks and data centres of two separately built
 * topologies with the same names (distinct nodes with equal paths), nodes outside any topology, and plain
 * {@link NodeBase}s whose paths split at different places.
 */
class WeightTest {

  /** HDFS's {@code getWeight}, which is protected. */
  private static final class HdfsTopology extends DFSNetworkTopology {
    int hdfsWeight(Node reader, Node node) {
      return getWeight(reader, node);
    }
  }

  private static int port = 9000;

  @Test
  void weight_isHdfsGetWeight_forEveryPairOfNodes() {
    List<Node> pool = new ArrayList<>();
    pool.addAll(tree(new String[] {"/d1/r1", "/d1/r2", "/d2/r1", "/d2/r22"}));
    pool.addAll(tree(new String[] {"/d1/r1", "/d2/r1", "/d2/r22", "/d3/r3"})); // same names, other nodes
    pool.add(null);
    pool.add(dataNode("/d1/r1")); // never added to a topology: no parent, level 0
    NodeBase odd = new NodeBase("c", "/ab");
    NodeBase other = new NodeBase("bc", "/a"); // the same path length as odd, split elsewhere
    pool.add(new NodeBase("x", "/ab/c", odd, 2));
    pool.add(new NodeBase("x", "/a/bc", other, 2));
    pool.add(new NodeBase("y", "/a/bc", new NodeBase("bc", "/a"), 2));
    NodeBase unnamedPlace = new NodeBase("r1", "/d1");
    unnamedPlace.setNetworkLocation(null);
    pool.add(new NodeBase("z", "/d1/r1", unnamedPlace, 2));
    pool.add(new NodeBase("/d1/r1/w"));
    pool.addAll(sharedIdentities());

    HdfsTopology hdfs = new HdfsTopology();
    int pairs = 0;
    for (Node reader : pool) {
      for (Node node : pool) {
        assertEquals(hdfs.hdfsWeight(reader, node), ReplicaKitNetworkTopology.weight(reader, node),
            () -> reader + " -> " + node);
        pairs++;
      }
    }
    assertTrue(pairs > 1000, pairs + " pairs");
  }

  /**
   * DataNodes that share parts of their identity: one address with UUIDs whose hashes are equal ("Aa" and "BB")
   * and unequal, one UUID at two addresses, a second descriptor of one DataNode, and a {@code DatanodeInfo} copy.
   */
  private static List<Node> sharedIdentities() {
    DatanodeID aa = new DatanodeID("127.0.0.2", "twin", "Aa", 7000, 7001, 7002, 7003);
    DatanodeID bb = new DatanodeID("127.0.0.2", "twin", "BB", 7000, 7001, 7002, 7003);
    DatanodeID cc = new DatanodeID("127.0.0.2", "twin", "Cc", 7000, 7001, 7002, 7003);
    DatanodeID moved = new DatanodeID("127.0.0.3", "twin", "Aa", 7000, 7001, 7002, 7003);
    List<Node> nodes = new ArrayList<>();
    for (DatanodeID id : List.of(aa, bb, cc, moved)) {
      DatanodeDescriptor dn = new DatanodeDescriptor(id, "/d1/r1");
      nodes.add(dn);
      nodes.add(new DatanodeInfoWithStorage(dn, "DS-twin-" + id.getDatanodeUuid(), StorageType.SSD));
    }
    nodes.add(new DatanodeDescriptor(aa, "/d1/r1"));
    nodes.add(new DatanodeInfoBuilder().setNodeID(aa).build());
    assertEquals("Aa".hashCode(), "BB".hashCode());
    return nodes;
  }

  /** Two DataNodes per rack, each with a replica copy as HDFS lists it, and the racks and data centres. */
  private static List<Node> tree(String[] racks) {
    NetworkTopology topology = DFSNetworkTopology.getInstance(new org.apache.hadoop.conf.Configuration());
    List<Node> nodes = new ArrayList<>();
    for (String rack : racks) {
      for (int i = 0; i < 2; i++) {
        DatanodeDescriptor dn = dataNode(rack);
        topology.add(dn);
        nodes.add(dn);
        nodes.add(new DatanodeInfoWithStorage(dn, "DS-" + dn.getDatanodeUuid(), StorageType.DISK));
      }
    }
    for (String rack : racks) {
      Node r = topology.getNode(rack);
      nodes.add(r);
      nodes.add(r.getParent());
    }
    return nodes;
  }

  private static DatanodeDescriptor dataNode(String rack) {
    int p = port++;
    DatanodeID id = new DatanodeID("127.0.0.1", "host" + p, "uuid-" + p, p, p + 1, p + 2, p + 3);
    return new DatanodeDescriptor(id, rack);
  }
}
