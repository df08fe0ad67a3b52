/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import io.replicakit.common.ValidationStatus;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The placement policies HDFS 3.5.0 ships (paper §3 describes five; 3.5.0 adds the available-space variant of
 * rack fault tolerance) and ReplicaKit's own ({@code balanced}, {@code state-aware}) under short names, and the
 * {@code hdfs-site.xml} keys each one needs. Class names are
 * plain strings here, so choosing a policy needs no Hadoop on the class path; the Hadoop-facing code loads them.
 *
 * <p>Choosing and validating are separate: {@link #resolve} only maps a name, {@link #validate} checks a choice
 * against a cluster's nodes.
 */
public final class PlacementPolicies {

  private static final String PACKAGE = "org.apache.hadoop.hdfs.server.blockmanagement.";

  /** {@code dfs.block.replicator.classname}: the NameNode's placement policy for replicated files. */
  public static final String REPLICATOR_CLASSNAME_KEY = "dfs.block.replicator.classname";
  /** {@code net.topology.impl}: the topology class when the DFS topology is switched off. */
  public static final String NET_TOPOLOGY_IMPL_KEY = "net.topology.impl";
  /** {@code dfs.use.dfs.network.topology}: when true (the default) the NameNode ignores net.topology.impl. */
  public static final String USE_DFS_NETWORK_TOPOLOGY_KEY = "dfs.use.dfs.network.topology";
  /** The topology with a node-group layer below racks. */
  public static final String NODE_GROUP_TOPOLOGY = "org.apache.hadoop.net.NetworkTopologyWithNodeGroup";

  private static final String OWN_PACKAGE = "io.replicakit.placement.policy.";

  private static final Map<String, PolicyChoice> BUILT_IN = builtInChoices();
  private static final Map<String, PolicyChoice> OWN = ownChoices();
  private static final Map<String, PolicyChoice> KNOWN = knownChoices();

  private PlacementPolicies() {}

  /** The built-in short names, in the order of the paper's tables, then the 3.5.0 addition. */
  public static List<String> builtIn() {
    return List.copyOf(BUILT_IN.keySet());
  }

  /** ReplicaKit's own policies' short names ({@code io.replicakit.placement.policy}). */
  public static List<String> replicaKit() {
    return List.copyOf(OWN.keySet());
  }

  /** Every short name {@link #resolve} takes: HDFS's, then ReplicaKit's. */
  public static List<String> known() {
    return List.copyOf(KNOWN.keySet());
  }

  /**
   * A short name (case-insensitive) or a fully qualified class name (anything with a dot), taken as-is with the
   * given text as its name. A class name of a built-in policy gets that policy's needs; any other class is
   * assumed to need neither node groups nor upgrade domains, since it is not loaded here.
   *
   * @throws IllegalArgumentException for an unknown short name; the message lists the known ones
   */
  public static PolicyChoice resolve(String nameOrClassName) {
    String text = Objects.requireNonNull(nameOrClassName, "nameOrClassName").trim();
    if (text.contains(".")) {
      return KNOWN.values().stream()
          .filter(c -> c.className().equals(text))
          .findFirst()
          .map(c -> new PolicyChoice(text, c.className(), c.needsNodeGroups(), c.needsUpgradeDomains()))
          .orElse(new PolicyChoice(text, text, false, false));
    }
    PolicyChoice choice = KNOWN.get(text.toLowerCase(Locale.ROOT));
    if (choice == null) {
      throw new IllegalArgumentException("unknown placement policy '" + nameOrClassName + "'; known: "
          + String.join(", ", KNOWN.keySet()) + ", or a fully qualified class name");
    }
    return choice;
  }

  /**
   * The {@code hdfs-site.xml} settings the policy needs, in a stable order. Every policy sets
   * {@value #REPLICATOR_CLASSNAME_KEY}. The node-group policy refuses any topology but
   * {@value #NODE_GROUP_TOPOLOGY}, which the NameNode only builds from {@value #NET_TOPOLOGY_IMPL_KEY} with
   * the DFS topology switched off. Upgrade domains need no key here: they come from the hosts file, i.e.
   * {@code dfs.namenode.hosts.provider.classname} = {@code CombinedHostFileManager} and a JSON {@code dfs.hosts}
   * file that gives each DataNode an {@code upgradeDomain}; {@code dfs.namenode.upgrade.domain.factor}
   * (default 3) is optional. Hadoop 1's {@code net.topology.nodegroup.aware} is not set: no Hadoop 3.5.0 jar
   * reads it.
   */
  public static Map<String, String> hdfsSettings(PolicyChoice choice) {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put(REPLICATOR_CLASSNAME_KEY, choice.className());
    if (choice.needsNodeGroups()) {
      settings.put(NET_TOPOLOGY_IMPL_KEY, NODE_GROUP_TOPOLOGY);
      settings.put(USE_DFS_NETWORK_TOPOLOGY_KEY, "false");
    }
    return Collections.unmodifiableMap(settings);
  }

  /**
   * Checks that the counted nodes give the policy what it needs: at least one node; one network-location depth
   * for all (HDFS refuses to mix racks and node groups); {@code /rack/nodegroup} locations for the node-group
   * policy; an upgrade domain on every node for the upgrade-domain policy.
   */
  public static ValidationStatus validate(PolicyChoice choice, List<NodeState> nodes) {
    List<NodeState> counted = nodes.stream().filter(NodeState::counts).toList();
    List<String> problems = new ArrayList<>();
    if (counted.isEmpty()) {
      problems.add("no live, in-service DataNodes");
    }
    Set<Integer> depths = new TreeSet<>();
    counted.forEach(n -> depths.add(depth(n.location())));
    if (depths.size() > 1) {
      problems.add("network locations mix depths " + depths + "; HDFS needs one depth for all DataNodes");
    }
    if (choice.needsNodeGroups()) {
      addOffenders(problems, counted.stream().filter(n -> depth(n.location()) != 2).toList(),
          choice.name() + " needs /rack/nodegroup locations; not on");
    }
    if (choice.needsUpgradeDomains()) {
      addOffenders(problems, counted.stream().filter(n -> n.upgradeDomain().isEmpty()).toList(),
          choice.name() + " needs an upgrade domain on every DataNode (hosts file); missing on");
    }
    return new ValidationStatus(problems);
  }

  /** Levels of a network location: {@code /r1} is 1, {@code /r1/ng1} is 2. */
  static int depth(String location) {
    return (int) location.chars().filter(c -> c == '/').count();
  }

  private static void addOffenders(List<String> problems, List<NodeState> offenders, String message) {
    if (!offenders.isEmpty()) {
      problems.add(message + " " + offenders.stream().map(n -> n.name() + " (" + n.location() + ")").toList());
    }
  }

  private static Map<String, PolicyChoice> builtInChoices() {
    Map<String, PolicyChoice> choices = new LinkedHashMap<>();
    add(choices, "default", "BlockPlacementPolicyDefault", false, false);
    add(choices, "rackfaulttolerant", "BlockPlacementPolicyRackFaultTolerant", false, false);
    add(choices, "availablespace", "AvailableSpaceBlockPlacementPolicy", false, false);
    add(choices, "nodegroup", "BlockPlacementPolicyWithNodeGroup", true, false);
    add(choices, "upgradedomain", "BlockPlacementPolicyWithUpgradeDomain", false, true);
    add(choices, "availablespace-rackfaulttolerant", "AvailableSpaceRackFaultTolerantBlockPlacementPolicy",
        false, false);
    return Collections.unmodifiableMap(choices);
  }

  /** ReplicaKit's policies; their rack rule is a setting ({@code replicakit.placement.rack-rule}). */
  private static Map<String, PolicyChoice> ownChoices() {
    Map<String, PolicyChoice> choices = new LinkedHashMap<>();
    choices.put("balanced", new PolicyChoice("balanced", OWN_PACKAGE + "BalancedBlockPlacementPolicy", false,
        false));
    choices.put("state-aware", new PolicyChoice("state-aware", OWN_PACKAGE + "StateAwareBlockPlacementPolicy",
        false, false));
    return Collections.unmodifiableMap(choices);
  }

  private static Map<String, PolicyChoice> knownChoices() {
    Map<String, PolicyChoice> choices = new LinkedHashMap<>(BUILT_IN);
    choices.putAll(OWN);
    return Collections.unmodifiableMap(choices);
  }

  private static void add(Map<String, PolicyChoice> choices, String name, String simpleClassName,
      boolean needsNodeGroups, boolean needsUpgradeDomains) {
    choices.put(name, new PolicyChoice(name, PACKAGE + simpleClassName, needsNodeGroups, needsUpgradeDomains));
  }
}
