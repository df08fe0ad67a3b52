/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import io.replicakit.testbed.device.DirtyLedger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.StorageType;

/**
 * A validated, declarative description of an embedded test cluster: which DataNodes exist, where they sit in
 * the topology, what volumes they have and how fast each medium is. Built only by {@link SpecParser}, so every
 * instance has passed validation.
 *
 * @param network the links between the hosts ({@link NetworkSpec#NONE}: unshaped)
 * @param addressing the scheme that gave the hosts their addresses
 */
public record ClusterSpec(String name, String description, List<DataNodeSpec> dataNodes, DeviceProfile devices,
    NetworkSpec network, Addressing addressing) {

  public ClusterSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(devices, "devices");
    Objects.requireNonNull(network, "network");
    Objects.requireNonNull(addressing, "addressing");
    dataNodes = List.copyOf(dataNodes);
  }

  /** A spec on loopback addresses without a network of its own. */
  public ClusterSpec(String name, String description, List<DataNodeSpec> dataNodes, DeviceProfile devices) {
    this(name, description, dataNodes, devices, NetworkSpec.NONE, Addressing.LOOPBACK);
  }

  /**
   * This spec with every host re-addressed by {@code scheme}: what a cluster that gives each host a network
   * namespace runs, so that the daemons' configuration, the rack mapping and the clients all follow.
   */
  public ClusterSpec addressedBy(Addressing scheme) {
    List<String> racks = racks();
    List<DataNodeSpec> moved = new ArrayList<>();
    for (int i = 0; i < dataNodes.size(); i++) {
      DataNodeSpec dn = dataNodes.get(i);
      moved.add(dn.withAddress(scheme.dataNode(i, racks.indexOf(dn.rack()))));
    }
    return new ClusterSpec(name, description, moved, devices, network, scheme);
  }

  /** This spec with another network between the same hosts. */
  public ClusterSpec withNetwork(NetworkSpec other) {
    return new ClusterSpec(name, description, dataNodes, devices, other, addressing);
  }

  /** The NameNode's address, which is also where off-cluster clients sit. */
  public String masterAddress() {
    return addressing.master();
  }

  /** Rack paths in first-appearance order. */
  public List<String> racks() {
    Set<String> racks = new LinkedHashSet<>();
    dataNodes.forEach(dn -> racks.add(dn.rack()));
    return List.copyOf(racks);
  }

  public List<DataNodeSpec> dataNodesInRack(String rack) {
    return dataNodes.stream().filter(dn -> dn.rack().equals(rack)).collect(Collectors.toList());
  }

  /**
   * Address of a client host in {@code rack} that is not a DataNode ({@code 127.0.1.R} for the R-th rack on
   * loopback, see {@link Addressing}). The
   * topology table maps it to the rack, so the NameNode treats a writer there as rack-local but not node-local
   * (first replica on a random node of the rack), as for a gateway or compute-only host on a real cluster.
   */
  public String rackClientAddress(String rack) {
    int index = racks().indexOf(rack);
    if (index < 0) {
      throw new NoSuchElementException("no rack '" + rack + "' in spec '" + name + "'; racks: " + racks());
    }
    return addressing.rackClient(index);
  }

  /** Network location of a rack's client host: the rack, below a node group of its own when there are groups. */
  public String rackClientLocation(String rack) {
    return usesNodeGroups() ? rack + "/clients" : rack;
  }

  public boolean usesNodeGroups() {
    return dataNodes.stream().anyMatch(dn -> dn.nodeGroup().isPresent());
  }

  public boolean usesUpgradeDomains() {
    return dataNodes.stream().anyMatch(dn -> dn.upgradeDomain().isPresent());
  }

  /** Storage types of each DataNode's volumes; the same for every node (MiniDFSCluster requires it). */
  public List<StorageType> volumeTypes() {
    return dataNodes.get(0).volumes().stream().map(VolumeSpec::type).collect(Collectors.toList());
  }

  public boolean usesPageCache() {
    return dataNodes.stream().anyMatch(dn -> dn.pageCacheBytes() > 0);
  }

  /**
   * The emulated page caches for people: {@code off}, one size for every DataNode ({@code 256.0 MiB per
   * DataNode}), or each node's size.
   */
  public String describePageCache() {
    Set<Long> sizes = dataNodes.stream().map(DataNodeSpec::pageCacheBytes).collect(Collectors.toSet());
    if (sizes.size() == 1) {
      long size = sizes.iterator().next();
      return size == 0 ? "off" : Sizes.format(size) + " per DataNode";
    }
    return dataNodes.stream()
        .map(dn -> dn.name() + " " + (dn.pageCacheBytes() == 0 ? "off" : Sizes.format(dn.pageCacheBytes())))
        .collect(Collectors.joining(", "));
  }

  /**
   * The write-back thresholds for people: {@code off (write-through)}, or the first node's, e.g.
   * {@code flushed above 25.6 MiB dirty, writers wait past 51.2 MiB, expire 30 s} (with "per node" variations
   * noted when the nodes' page caches differ).
   */
  public String describeWriteBack() {
    List<DirtyLedger.Limits> all = dataNodes.stream().map(DataNodeSpec::writeBack).distinct().toList();
    DirtyLedger.Limits first = all.stream().filter(l -> !l.writesThrough()).findFirst().orElse(null);
    if (first == null) {
      return "off (write-through)";
    }
    return String.format(Locale.ROOT, "flushed above %s dirty, writers wait past %s, expire %d s, flusher every %d s",
        Sizes.format(first.backgroundBytes()), Sizes.format(first.limitBytes()), first.expireNanos() / 1_000_000_000L,
        first.intervalNanos() / 1_000_000_000L) + (all.size() > 1 ? " (the ratios of each node's page cache)" : "");
  }

  public DataNodeSpec dataNode(String nodeName) {
    return dataNodes.stream()
        .filter(dn -> dn.name().equals(nodeName) || dn.address().equals(nodeName))
        .findFirst()
        .orElseThrow(() -> new NoSuchElementException("no DataNode named '" + nodeName + "' in spec '" + name
            + "'; nodes: " + dataNodes.stream().map(DataNodeSpec::name).collect(Collectors.joining(", "))));
  }
}
