/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.hdfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.NetworkTopologyWithNodeGroup;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.junit.jupiter.api.Test;

/** The candidates of a decision on a real {@code DFSNetworkTopology} (no NameNode). */
class CandidateDrawTest {

  private static final int RACKS = 10;
  private static final int PER_RACK = 5;

  private final SimCluster cluster = new SimCluster(racks(), capacities());
  private final AtomicLong clock = new AtomicLong();
  private final NodeSnapshot snapshot = new NodeSnapshot(clock::get);
  private final CandidateDraw draw = new CandidateDraw(snapshot, new Random(11));

  @Test
  void outsideARack_noCandidateIsInThatRack_orExcluded() {
    Set<Node> excluded = new HashSet<>(cluster.nodes.subList(5, 8));
    for (int i = 0; i < 2_000; i++) {
      DatanodeDescriptor[] into = new DatanodeDescriptor[4];
      int count = draw.sample(request("~/r0", excluded, StorageType.DISK), into);

      assertEquals(4, count);
      assertEquals(4, new HashSet<>(Arrays.asList(into)).size());
      for (DatanodeDescriptor node : into) {
        assertFalse(node.getNetworkLocation().equals("/r0"), node + " is in the excluded rack");
        assertFalse(excluded.contains(node), node + " is excluded");
      }
    }
  }

  @Test
  void everyNodeOfTheScope_isACandidateEquallyOften() {
    Map<DatanodeDescriptor, Integer> hits = new HashMap<>();
    int decisions = 10_000;
    for (int i = 0; i < decisions; i++) {
      DatanodeDescriptor[] into = new DatanodeDescriptor[4];
      draw.sample(request(NodeBase.ROOT, new HashSet<>(), StorageType.DISK), into);
      for (DatanodeDescriptor node : into) {
        hits.merge(node, 1, Integer::sum);
      }
    }
    assertEquals(RACKS * PER_RACK, hits.size());
    double expected = 4.0 * decisions / (RACKS * PER_RACK);
    hits.forEach((node, n) -> assertEquals(expected, n, expected * 0.15, node + ": " + hits));
  }

  @Test
  void aNodeThatLeftTheTopology_isNeverACandidate_evenFromAnOldSnapshot() {
    DatanodeDescriptor gone = cluster.nodes.get(12);
    snapshot.nodes(cluster.topology); // taken while the node is there
    cluster.topology.remove(gone);
    cluster.topology.add(new SimCluster(new String[] {"/r9"}, new long[] {100}).nodes.get(0)); // same count
    for (int i = 0; i < 2_000; i++) {
      DatanodeDescriptor[] into = new DatanodeDescriptor[4];
      int count = draw.sample(request(NodeBase.ROOT, new HashSet<>(), StorageType.DISK), into);
      assertEquals(4, count);
      assertFalse(Arrays.asList(into).contains(gone), "a removed node was offered");
    }
  }

  @Test
  void snapshot_isRetakenWhenTheClusterChanges_orAfterAHeartbeatInterval() {
    DatanodeDescriptor[] first = snapshot.nodes(cluster.topology);
    assertEquals(RACKS * PER_RACK, first.length);
    assertTrue(first == snapshot.nodes(cluster.topology), "the same list while nothing changed");

    cluster.topology.remove(cluster.nodes.get(0));
    assertEquals(RACKS * PER_RACK - 1, snapshot.nodes(cluster.topology).length, "a node left");

    DatanodeDescriptor[] second = snapshot.nodes(cluster.topology);
    clock.addAndGet(NodeSnapshot.MAX_AGE_MS);
    assertFalse(second == snapshot.nodes(cluster.topology), "retaken after the interval");
  }

  @Test
  void inARack_candidatesAreDistinctNodesOfTheRack_eachEquallyOften() {
    Map<DatanodeDescriptor, Integer> hits = new HashMap<>();
    int decisions = 5_000;
    for (int i = 0; i < decisions; i++) {
      DatanodeDescriptor[] into = new DatanodeDescriptor[4];
      int count = draw.sample(request("/r3", new HashSet<>(), StorageType.DISK), into);
      assertEquals(4, count, "five nodes in the rack");
      assertEquals(4, new HashSet<>(Arrays.asList(into)).size(), Arrays.toString(into));
      for (DatanodeDescriptor node : into) {
        assertEquals("/r3", node.getNetworkLocation());
        hits.merge(node, 1, Integer::sum);
      }
    }
    assertEquals(PER_RACK, hits.size());
    double expected = 4.0 * decisions / PER_RACK;
    hits.forEach((node, n) -> assertEquals(expected, n, expected * 0.1, node + ": " + hits));
  }

  @Test
  void inARackWithFewNodesLeft_exactlyTheEligibleOnesAreCandidates() {
    Set<Node> excluded = new HashSet<>(cluster.nodes.subList(15, 18)); // three of /r3's five
    for (int i = 0; i < 500; i++) {
      DatanodeDescriptor[] into = new DatanodeDescriptor[4];
      int count = draw.sample(request("/r3", excluded, StorageType.DISK), into);
      assertEquals(2, count, "two nodes of the rack are left");
      assertEquals(Set.of(cluster.nodes.get(18), cluster.nodes.get(19)), Set.of(into[0], into[1]));
    }
  }

  @Test
  void inARack_aNodeThatLeftTheTopology_isNeverACandidate_evenFromAnOldSnapshot() {
    DatanodeDescriptor gone = cluster.nodes.get(16);
    snapshot.under(cluster.topology, "/r3"); // taken while the node is there
    cluster.topology.remove(gone);
    cluster.topology.add(new SimCluster(new String[] {"/r3"}, new long[] {100}).nodes.get(0)); // same count
    for (int i = 0; i < 500; i++) {
      DatanodeDescriptor[] into = new DatanodeDescriptor[4];
      int count = draw.sample(request("/r3", new HashSet<>(), StorageType.DISK), into);
      assertEquals(4, count, "four listed nodes are still in the rack");
      assertFalse(Arrays.asList(into).contains(gone), "a removed node was offered");
    }
  }

  @Test
  void withoutTheStorageType_nothingIsDrawn() {
    assertEquals(0, draw.sample(request(NodeBase.ROOT, new HashSet<>(), StorageType.SSD), new DatanodeDescriptor[4]),
        "no node has SSD storage");
    assertEquals(0, draw.sample(request("/r3", new HashSet<>(), StorageType.SSD), new DatanodeDescriptor[4]));
  }

  @Test
  void mixedStorageTypes_everyCandidateHasTheTypeAsked() {
    String[] racks = racks();
    String[] hosts = new String[racks.length];
    StorageType[] types = new StorageType[racks.length];
    for (int i = 0; i < racks.length; i++) {
      hosts[i] = "mixed" + i;
      types[i] = i % PER_RACK < 2 ? StorageType.SSD : StorageType.DISK; // two SSD nodes in each rack of five
    }
    DFSNetworkTopology topology = DFSNetworkTopology.getInstance(new Configuration(false));
    for (DatanodeStorageInfo storage : DFSTestUtil.createDatanodeStorageInfos(racks.length, racks, hosts, types)) {
      topology.add(storage.getDatanodeDescriptor());
    }
    CandidateDraw mixed = new CandidateDraw(new NodeSnapshot(clock::get), new Random(13));
    for (String scope : new String[] {NodeBase.ROOT, "~/r2", "/r4"}) {
      for (int i = 0; i < 500; i++) {
        DatanodeDescriptor[] into = new DatanodeDescriptor[4];
        int count = mixed.sample(new CandidateDraw.Request(topology, scope, new HashSet<>(), StorageType.SSD), into);
        assertEquals(scope.equals("/r4") ? 2 : 4, count, scope + ": " + Arrays.toString(into));
        for (int j = 0; j < count; j++) {
          assertTrue(into[j].hasStorageType(StorageType.SSD), scope + ": " + into[j] + " has no SSD");
        }
      }
    }
  }

  @Test
  void nodeGroups_aRackScopeOffersTheNodesOfAllItsGroups_aGroupScopeItsOwn() {
    NetworkTopology topology = new NetworkTopologyWithNodeGroup();
    List<DatanodeDescriptor> nodes = new ArrayList<>();
    for (int i = 0; i < 8; i++) { // /r0/ng0, /r0/ng1, /r1/ng0, /r1/ng1, two nodes each
      DatanodeDescriptor node = DFSTestUtil.getDatanodeDescriptor("10.0.0." + (i + 1),
          "/r" + i / 4 + "/ng" + i / 2 % 2);
      nodes.add(node);
      topology.add(node);
    }
    CandidateDraw grouped = new CandidateDraw(new NodeSnapshot(clock::get), new Random(17));
    Set<DatanodeDescriptor> seen = new HashSet<>();
    for (int i = 0; i < 500; i++) {
      DatanodeDescriptor[] into = new DatanodeDescriptor[4];
      assertEquals(4, grouped.sample(new CandidateDraw.Request(topology, "/r1", new HashSet<>(), null), into));
      seen.addAll(Arrays.asList(into));
      DatanodeDescriptor[] group = new DatanodeDescriptor[4];
      assertEquals(2, grouped.sample(new CandidateDraw.Request(topology, "/r0/ng1", new HashSet<>(), null), group));
      assertEquals(Set.of(nodes.get(2), nodes.get(3)), Set.of(group[0], group[1]));
    }
    assertEquals(new HashSet<>(nodes.subList(4, 8)), seen, "the four nodes of /r1's two node groups");
  }

  @Test
  void oneNodeScope_yieldsThatNodeOnly() {
    DatanodeDescriptor node = cluster.nodes.get(7);
    DatanodeDescriptor[] into = new DatanodeDescriptor[4];
    assertEquals(1, draw.sample(request(NodeBase.getPath(node), new HashSet<>(), StorageType.DISK), into));
    assertEquals(node, into[0]);
  }

  @Test
  void scopes_matchWhatHdfsDrawsFrom() {
    DatanodeDescriptor node = cluster.nodes.get(7); // in /r1
    String path = NodeBase.getPath(node);
    assertTrue(request(NodeBase.ROOT, null, null).inScope(node));
    assertTrue(request("/r1", null, null).inScope(node));
    assertFalse(request("/r10", null, null).inScope(node), "a rack whose name starts like the node's");
    assertFalse(request("/r", null, null).inScope(node));
    assertFalse(request("~/r1", null, null).inScope(node));
    assertTrue(request("~/r10", null, null).inScope(node));
    assertTrue(request(path, null, null).inScope(node));
    assertFalse(request(path, null, null).inScope(cluster.nodes.get(8)));
    assertFalse(request("~" + path, null, null).inScope(node));
    assertTrue(request("~" + path, null, null).inScope(cluster.nodes.get(8)));
    assertTrue(request("/", null, null).inScope(node), "the root, as HDFS normalizes it");
    assertTrue(request("/r1/", null, null).inScope(node), "a trailing separator, as HDFS normalizes it");
    assertFalse(request("~/r1/", null, null).inScope(node));
    assertEquals("/r1", request("/r1/", null, null).scope());
  }

  private CandidateDraw.Request request(String scope, Set<Node> excluded, StorageType type) {
    return new CandidateDraw.Request(cluster.topology, scope, excluded, type);
  }

  private static String[] racks() {
    String[] racks = new String[RACKS * PER_RACK];
    for (int i = 0; i < racks.length; i++) {
      racks[i] = "/r" + i / PER_RACK;
    }
    return racks;
  }

  private static long[] capacities() {
    long[] capacities = new long[RACKS * PER_RACK];
    Arrays.fill(capacities, 100);
    return capacities;
  }
}
