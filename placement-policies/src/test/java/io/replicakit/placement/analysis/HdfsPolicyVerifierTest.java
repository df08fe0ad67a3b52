/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import static io.replicakit.placement.analysis.Nodes.block;
import static io.replicakit.placement.analysis.Nodes.dead;
import static io.replicakit.placement.analysis.Nodes.decommissioned;
import static io.replicakit.placement.analysis.Nodes.withDomain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The real HDFS 3.5.0 policies judging hand-built placements, no cluster. */
class HdfsPolicyVerifierTest {

  /** Four racks: r1 has three nodes, r2 two, r3 and r4 one each. Ids are transfer addresses. */
  private static final List<NodeState> FOUR_RACKS = List.of(
      node(1, "/r1"), node(2, "/r1"), node(3, "/r1"), node(4, "/r2"), node(5, "/r2"), node(6, "/r3"),
      node(7, "/r4"));

  private static NodeState node(int i, String location) {
    return Nodes.node(id(i), location);
  }

  private static String id(int i) {
    return "10.0.0." + i + ":9866";
  }

  private static HdfsPolicyVerifier verifier(String policy, List<NodeState> nodes) {
    return HdfsPolicyVerifier.create(PlacementPolicies.resolve(policy).className(), new Configuration(false),
        nodes);
  }

  /** Does {@code policy} accept a block of {@code replication} on the nodes numbered {@code replicas}? */
  private static boolean accepts(String policy, List<NodeState> cluster, int replication, int... replicas) {
    List<NodeState> on = new ArrayList<>();
    for (int i : replicas) {
      on.add(cluster.stream().filter(n -> n.id().equals(id(i))).findFirst().orElseThrow());
    }
    String[] ids = on.stream().map(NodeState::id).toArray(String[]::new);
    return verifier(policy, cluster).satisfies(block(1, 10, replication, ids), on);
  }

  @ParameterizedTest
  @ValueSource(strings = {"rackfaulttolerant", "availablespace-rackfaulttolerant"})
  void rackFaultTolerant_rejectsThreeReplicasOnTwoRacksWhenMoreRacksExist(String policy) {
    assertFalse(accepts(policy, FOUR_RACKS, 3, 1, 2, 4));
  }

  @ParameterizedTest
  @ValueSource(strings = {"rackfaulttolerant", "availablespace-rackfaulttolerant"})
  void rackFaultTolerant_acceptsThreeReplicasOnThreeRacks(String policy) {
    assertTrue(accepts(policy, FOUR_RACKS, 3, 1, 4, 6));
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "availablespace", "upgradedomain"})
  void rackPairPolicies_acceptThreeReplicasOnTwoRacks(String policy) {
    assertTrue(accepts(policy, FOUR_RACKS, 3, 1, 4, 5));
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "rackfaulttolerant", "availablespace", "upgradedomain",
      "availablespace-rackfaulttolerant"})
  void everyRackPolicy_rejectsAllReplicasInOneRackOfAMultiRackCluster(String policy) {
    assertFalse(accepts(policy, FOUR_RACKS, 3, 1, 2, 3));
  }

  @ParameterizedTest
  @ValueSource(strings = {"default", "rackfaulttolerant"})
  void singleRackCluster_acceptsAnyPlacement(String policy) {
    List<NodeState> oneRack = List.of(node(1, "/r1"), node(2, "/r1"), node(3, "/r1"));

    assertTrue(accepts(policy, oneRack, 3, 1, 2, 3));
  }

  @ParameterizedTest
  @ValueSource(strings = {"balanced", "state-aware"})
  void replicaKitPolicies_verifyByTheirConfiguredRackRule(String policy) {
    Configuration spread = new Configuration(false);
    spread.set("replicakit.placement.rack-rule", "spread");
    List<NodeState> on = List.of(FOUR_RACKS.get(0), FOUR_RACKS.get(1), FOUR_RACKS.get(3));
    BlockReplicas block = block(1, 10, 3, id(1), id(2), id(4));
    String className = PlacementPolicies.resolve(policy).className();

    assertTrue(HdfsPolicyVerifier.create(className, new Configuration(false), FOUR_RACKS).satisfies(block, on));
    assertFalse(HdfsPolicyVerifier.create(className, spread, FOUR_RACKS).satisfies(block, on));
  }

  @Test
  void rackFaultTolerant_acceptsEveryRackThereIsWhenRacksAreFewerThanReplicas() {
    List<NodeState> twoRacks = List.of(node(1, "/r1"), node(2, "/r1"), node(4, "/r2"));

    assertTrue(accepts("rackfaulttolerant", twoRacks, 3, 1, 2, 4));
  }

  @Test
  void nodesThatDoNotCount_areLeftOutOfTheTopology() {
    // r3's only node is dead and r4's decommissioned: two racks remain, which three replicas may fill
    List<NodeState> cluster = List.of(node(1, "/r1"), node(2, "/r1"), node(4, "/r2"), dead(id(6), "/r3"),
        decommissioned(id(7), "/r4"));

    assertTrue(accepts("rackfaulttolerant", cluster, 3, 1, 2, 4));
  }

  @Test
  void upgradeDomain_rejectsTwoReplicasInOneDomain() {
    List<NodeState> cluster = List.of(withDomain(id(1), "/r1", "ud1"), withDomain(id(4), "/r2", "ud1"),
        withDomain(id(6), "/r3", "ud2"), withDomain(id(7), "/r4", "ud3"));

    assertFalse(accepts("upgradedomain", cluster, 3, 1, 4, 6));
    assertTrue(accepts("upgradedomain", cluster, 3, 1, 6, 7));
  }

  @Test
  void nodeGroup_rejectsTwoReplicasInOneNodeGroup() {
    List<NodeState> cluster = List.of(node(1, "/r1/ng1"), node(2, "/r1/ng1"), node(3, "/r1/ng2"),
        node(4, "/r2/ng3"), node(5, "/r2/ng4"));

    assertFalse(accepts("nodegroup", cluster, 3, 1, 2, 4));
    assertTrue(accepts("nodegroup", cluster, 3, 1, 3, 4));
  }

  @Test
  void nodeGroup_countsRacksAboveTheNodeGroups() {
    // three node groups but one rack out of two: the default rule (two racks) fails
    List<NodeState> cluster = List.of(node(1, "/r1/ng1"), node(2, "/r1/ng2"), node(3, "/r1/ng3"),
        node(4, "/r2/ng4"));

    assertFalse(accepts("nodegroup", cluster, 3, 1, 2, 3));
  }

  @Test
  void nodeGroup_onRackOnlyLocations_isRefusedAtCreation() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> verifier("nodegroup", FOUR_RACKS));

    assertTrue(e.getMessage().contains("/rack/nodegroup"), e.getMessage());
  }

  @Test
  void mixedLocationDepths_areRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> verifier("default", List.of(node(1, "/r1"), node(2, "/r2/ng1"))));
  }

  @Test
  void unknownOrNonPolicyClass_isRefused() {
    Configuration conf = new Configuration(false);

    assertThrows(IllegalArgumentException.class, () -> HdfsPolicyVerifier.create("com.example.Nope", conf,
        FOUR_RACKS));
    assertThrows(IllegalArgumentException.class, () -> HdfsPolicyVerifier.create("java.lang.String", conf,
        FOUR_RACKS));
  }

  @Test
  void analysisWithRealPolicy_countsViolatingBlocks() {
    PlacementSnapshot s = new PlacementSnapshot(FOUR_RACKS, List.of(
        block(1, 10, 3, id(1), id(4), id(6)),  // three racks
        block(2, 10, 3, id(1), id(2), id(4)),  // two racks: violates rack fault tolerance
        block(3, 10, 3, id(4), id(6), id(7)),  // three racks
        block(4, 10, 2, id(1), id(5))));       // replication 2 on two racks
    Map<String, OptionalDouble> byPolicy = Map.of(
        "default", OptionalDouble.of(0.0), "rackfaulttolerant", OptionalDouble.of(25.0));

    byPolicy.forEach((policy, expected) -> assertEquals(expected,
        PlacementAnalysis.analyze(s, verifier(policy, s.nodes())).violatingPct(), policy));
  }

  @Test
  void verifier_canBeAskedFromSeveralThreads() {
    List<NodeState> cluster = List.of(node(1, "/r1/ng1"), node(2, "/r1/ng2"), node(4, "/r2/ng3"));
    HdfsPolicyVerifier verifier = verifier("nodegroup", cluster);
    BlockReplicas block = block(1, 10, 3, id(1), id(2), id(4));

    assertTrue(Stream.generate(() -> block).limit(2000).parallel().allMatch(b -> verifier.satisfies(b, cluster)));
    assertEquals("/r1/ng1", cluster.get(0).location());
  }
}
