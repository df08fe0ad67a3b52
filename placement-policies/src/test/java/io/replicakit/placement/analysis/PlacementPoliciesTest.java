/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import io.replicakit.common.ValidationStatus;
import static io.replicakit.placement.analysis.Nodes.node;
import static io.replicakit.placement.analysis.Nodes.withDomain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class PlacementPoliciesTest {

  private static final String BM = "org.apache.hadoop.hdfs.server.blockmanagement.";

  @Test
  void builtIn_listsTheSixShortNamesInOrder() {
    assertEquals(List.of("default", "rackfaulttolerant", "availablespace", "nodegroup", "upgradedomain",
        "availablespace-rackfaulttolerant"), PlacementPolicies.builtIn());
  }

  @ParameterizedTest
  @CsvSource({
      "default, BlockPlacementPolicyDefault, false, false",
      "rackfaulttolerant, BlockPlacementPolicyRackFaultTolerant, false, false",
      "availablespace, AvailableSpaceBlockPlacementPolicy, false, false",
      "nodegroup, BlockPlacementPolicyWithNodeGroup, true, false",
      "upgradedomain, BlockPlacementPolicyWithUpgradeDomain, false, true",
      "availablespace-rackfaulttolerant, AvailableSpaceRackFaultTolerantBlockPlacementPolicy, false, false"})
  void shortName_resolvesToTheHdfsClassAndItsNeeds(String name, String simpleClass, boolean nodeGroups,
      boolean upgradeDomains) {
    assertEquals(new PolicyChoice(name, BM + simpleClass, nodeGroups, upgradeDomains),
        PlacementPolicies.resolve(name));
  }

  @ParameterizedTest
  @MethodSource("io.replicakit.placement.analysis.PlacementPolicies#builtIn")
  void everyBuiltInClass_isAPlacementPolicyInHadoop(String name) throws Exception {
    Class<?> policy = Class.forName(PlacementPolicies.resolve(name).className());
    assertTrue(BlockPlacementPolicyDefault.class.isAssignableFrom(policy), policy.getName());
  }

  @Test
  void replicaKitNames_resolveToTheirOwnClasses_besideHdfsNames() {
    assertEquals(List.of("balanced", "state-aware"), PlacementPolicies.replicaKit());
    assertEquals("io.replicakit.placement.policy.BalancedBlockPlacementPolicy",
        PlacementPolicies.resolve("balanced").className());
    assertEquals("io.replicakit.placement.policy.StateAwareBlockPlacementPolicy",
        PlacementPolicies.resolve("State-Aware").className());
    assertTrue(PlacementPolicies.known().containsAll(PlacementPolicies.builtIn()));
  }

  @ParameterizedTest
  @MethodSource("io.replicakit.placement.analysis.PlacementPolicies#replicaKit")
  void everyReplicaKitClass_isADefaultPolicyThatToolsCanLoad(String name) throws Exception {
    Class<?> policy = Class.forName(PlacementPolicies.resolve(name).className());
    assertTrue(BlockPlacementPolicyDefault.class.isAssignableFrom(policy), policy.getName());
  }

  @Test
  void shortName_ignoresCaseAndSurroundingSpace() {
    assertEquals(PlacementPolicies.resolve("nodegroup"), PlacementPolicies.resolve("  NodeGroup "));
  }

  @Test
  void className_passesThroughWithTheGivenTextAsName() {
    PolicyChoice choice = PlacementPolicies.resolve("com.example.MyPolicy");

    assertEquals(new PolicyChoice("com.example.MyPolicy", "com.example.MyPolicy", false, false), choice);
  }

  @Test
  void classNameOfABuiltIn_keepsItsNeeds() {
    PolicyChoice choice = PlacementPolicies.resolve(BM + "BlockPlacementPolicyWithUpgradeDomain");

    assertEquals(BM + "BlockPlacementPolicyWithUpgradeDomain", choice.name());
    assertTrue(choice.needsUpgradeDomains());
    assertFalse(choice.needsNodeGroups());
  }

  @Test
  void unknownShortName_isRejectedWithTheKnownNames() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> PlacementPolicies.resolve("fastest"));

    assertTrue(e.getMessage().contains("'fastest'"), e.getMessage());
    PlacementPolicies.builtIn().forEach(name -> assertTrue(e.getMessage().contains(name), e.getMessage()));
  }

  @Test
  void defaultSettings_setOnlyTheReplicatorClass() {
    assertEquals(Map.of("dfs.block.replicator.classname", BM + "BlockPlacementPolicyDefault"),
        PlacementPolicies.hdfsSettings(PlacementPolicies.resolve("default")));
  }

  @Test
  void nodeGroupSettings_switchToTheNodeGroupTopology() {
    Map<String, String> settings = PlacementPolicies.hdfsSettings(PlacementPolicies.resolve("nodegroup"));

    assertEquals(Map.of(
        "dfs.block.replicator.classname", BM + "BlockPlacementPolicyWithNodeGroup",
        "net.topology.impl", "org.apache.hadoop.net.NetworkTopologyWithNodeGroup",
        "dfs.use.dfs.network.topology", "false"), settings);
    assertEquals("dfs.block.replicator.classname", settings.keySet().iterator().next());
  }

  @Test
  void upgradeDomainSettings_needNoExtraKey() {
    assertEquals(List.of("dfs.block.replicator.classname"),
        List.copyOf(PlacementPolicies.hdfsSettings(PlacementPolicies.resolve("upgradedomain")).keySet()));
  }

  @Test
  void validate_acceptsRackLocationsForTheDefaultPolicy() {
    ValidationStatus status = PlacementPolicies.validate(PlacementPolicies.resolve("default"),
        List.of(node("a", "/r1"), node("b", "/r2")));

    assertTrue(status.isValid(), status.reason());
  }

  @Test
  void validate_nodeGroupPolicyNeedsNodeGroupLocations() {
    PolicyChoice nodeGroup = PlacementPolicies.resolve("nodegroup");

    ValidationStatus flat = PlacementPolicies.validate(nodeGroup, List.of(node("a", "/r1"), node("b", "/r2")));
    ValidationStatus grouped = PlacementPolicies.validate(nodeGroup,
        List.of(node("a", "/r1/ng1"), node("b", "/r2/ng2")));

    assertFalse(flat.isValid());
    assertTrue(flat.reason().contains("host-a (/r1)"), flat.reason());
    assertTrue(grouped.isValid(), grouped.reason());
  }

  @Test
  void validate_upgradeDomainPolicyNeedsADomainOnEveryCountedNode() {
    PolicyChoice upgradeDomain = PlacementPolicies.resolve("upgradedomain");

    ValidationStatus missing = PlacementPolicies.validate(upgradeDomain,
        List.of(withDomain("a", "/r1", "ud1"), node("b", "/r2")));
    ValidationStatus complete = PlacementPolicies.validate(upgradeDomain,
        List.of(withDomain("a", "/r1", "ud1"), withDomain("b", "/r2", "ud2"), Nodes.dead("c", "/r3")));

    assertFalse(missing.isValid());
    assertTrue(missing.reason().contains("host-b"), missing.reason());
    assertFalse(missing.reason().contains("host-a"), missing.reason());
    assertTrue(complete.isValid(), complete.reason());
  }

  @Test
  void validate_rejectsMixedLocationDepthsAndNoCountedNodes() {
    PolicyChoice def = PlacementPolicies.resolve("default");

    assertFalse(PlacementPolicies.validate(def, List.of(node("a", "/r1"), node("b", "/r2/ng1"))).isValid());
    assertFalse(PlacementPolicies.validate(def, List.of(Nodes.dead("a", "/r1"))).isValid());
  }
}
