/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo.DatanodeInfoBuilder;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyWithNodeGroup;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.NetworkTopologyWithNodeGroup;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * Asks a real HDFS placement policy whether a block's placement satisfies it, exactly as fsck and the
 * NameNode's mis-replication check do ({@code verifyBlockPlacement(locations, replication)}), so the analysis
 * judges "violating" blocks by the policy's own rules (paper §3) rather than a re-implementation of them.
 *
 * <p>This is the module's one adaptor to HDFS internals (checked against Hadoop 3.5.0): {@code
 * BlockPlacementPolicy}, {@code DatanodeDescriptor} and the topology classes are {@code @Private}. Facts it
 * relies on:
 * <ul>
 *   <li>{@code BlockPlacementPolicy.initialize} is protected; {@code BlockPlacementPolicyDefault} makes it
 *       public. Every built-in policy extends it, and so must any policy outside Hadoop's package, since the
 *       abstract {@code initialize} takes the package-private {@code Host2NodesMap}; it is the type accepted here.
 *   <li>{@code initialize(conf, stats, topology, host2datanodeMap)} of every built-in policy only stores
 *       {@code stats} and {@code host2datanodeMap}; {@code verifyBlockPlacement} never reads them. Both are null
 *       here ({@code Host2NodesMap} is package-private).
 *   <li>{@code verifyBlockPlacement} reads the locations' network locations (and upgrade domains, falling back to
 *       the transfer address when a node has none) plus two topology facts: whether it has ever had more than
 *       one rack, and how many racks are non-empty. The topology therefore holds the counted nodes only, the
 *       way the NameNode's topology loses dead nodes and empties racks of decommissioned ones.
 *   <li>The node-group policy refuses any topology but {@code NetworkTopologyWithNodeGroup}, and counts racks
 *       after cutting the node group off the location; the other policies take {@code /r1/ng1} as the rack.
 *       Locations with two levels get the node-group topology; one level gets the NameNode's default, {@code
 *       DFSNetworkTopology} (from {@code dfs.net.topology.impl}). Deeper locations are refused: the analysis
 *       defines the rack as the top level.
 * </ul>
 * Each call builds fresh location objects (the node-group policy rewrites them while it checks), so one
 * verifier may serve several threads.
 */
public final class HdfsPolicyVerifier implements PolicyVerifier {

  private final BlockPlacementPolicyDefault policy;

  private HdfsPolicyVerifier(BlockPlacementPolicyDefault policy) {
    this.policy = policy;
  }

  /**
   * Instantiates and initializes {@code policyClassName} (with {@code conf}, which carries its settings such as
   * {@code dfs.namenode.upgrade.domain.factor}) on a topology of the counted {@code nodes}.
   *
   * @throws IllegalArgumentException if the class is not a loadable {@code BlockPlacementPolicyDefault}, or the
   *     nodes' locations do not form a topology the policy accepts
   */
  public static HdfsPolicyVerifier create(String policyClassName, Configuration conf, List<NodeState> nodes) {
    Objects.requireNonNull(conf, "conf");
    Class<? extends BlockPlacementPolicyDefault> policyClass = policyClass(policyClassName, conf);
    List<NodeState> counted = nodes.stream().filter(NodeState::counts).toList();
    boolean nodeGroups = hasNodeGroups(counted);
    if (!nodeGroups && BlockPlacementPolicyWithNodeGroup.class.isAssignableFrom(policyClass)) {
      throw new IllegalArgumentException(policyClassName + " needs /rack/nodegroup network locations");
    }
    NetworkTopology topology = nodeGroups ? new NetworkTopologyWithNodeGroup() : DFSNetworkTopology.getInstance(conf);
    counted.forEach(n -> topology.add(descriptor(n)));
    BlockPlacementPolicyDefault policy = ReflectionUtils.newInstance(policyClass, conf);
    policy.initialize(conf, null, topology, null);
    return new HdfsPolicyVerifier(policy);
  }

  @Override
  public boolean satisfies(BlockReplicas block, List<NodeState> replicaNodes) {
    DatanodeInfo[] locations = replicaNodes.stream().map(HdfsPolicyVerifier::location).toArray(DatanodeInfo[]::new);
    return policy.verifyBlockPlacement(locations, block.expectedReplication()).isPlacementPolicySatisfied();
  }

  private static Class<? extends BlockPlacementPolicyDefault> policyClass(String className, Configuration conf) {
    try {
      return conf.getClassByName(className).asSubclass(BlockPlacementPolicyDefault.class);
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException("placement policy class not found: " + className, e);
    } catch (ClassCastException e) {
      throw new IllegalArgumentException(className + " is not a " + BlockPlacementPolicyDefault.class.getName(), e);
    }
  }

  /** True for {@code /rack/nodegroup} locations; refuses mixed or deeper ones, which HDFS would not build. */
  private static boolean hasNodeGroups(List<NodeState> counted) {
    Set<Integer> depths = new TreeSet<>();
    counted.forEach(n -> depths.add(PlacementPolicies.depth(n.location())));
    if (depths.size() > 1 || depths.stream().anyMatch(d -> d > 2)) {
      throw new IllegalArgumentException("network locations must all be /rack or all /rack/nodegroup; got depths "
          + depths);
    }
    return depths.contains(2);
  }

  /** A topology leaf: {@code DFSNetworkTopology} accepts only {@code DatanodeDescriptor}s. */
  private static DatanodeDescriptor descriptor(NodeState node) {
    HostPort address = HostPort.parse(node.id());
    DatanodeID id = new DatanodeID(address.host(), node.name(), node.id(), address.port(), 0, 0, 0);
    DatanodeDescriptor descriptor = new DatanodeDescriptor(id, node.location());
    node.upgradeDomain().ifPresent(descriptor::setUpgradeDomain);
    return descriptor;
  }

  /** A replica location with what {@code verifyBlockPlacement} reads: network location, upgrade domain, address. */
  private static DatanodeInfo location(NodeState node) {
    HostPort address = HostPort.parse(node.id());
    return new DatanodeInfoBuilder()
        .setIpAddr(address.host())
        .setHostName(node.name())
        .setDatanodeUuid(node.id())
        .setXferPort(address.port())
        .setNetworkLocation(node.location())
        .setUpgradeDomain(node.upgradeDomain().orElse(null))
        .build();
  }

  /** A transfer address {@code ip:port}; an id without a numeric port is kept whole with port 0. */
  private record HostPort(String host, int port) {

    static HostPort parse(String id) {
      int colon = id.lastIndexOf(':');
      if (colon > 0) {
        try {
          return new HostPort(id.substring(0, colon), Integer.parseInt(id.substring(colon + 1)));
        } catch (NumberFormatException e) {
          return new HostPort(id, 0);
        }
      }
      return new HostPort(id, 0);
    }
  }
}
