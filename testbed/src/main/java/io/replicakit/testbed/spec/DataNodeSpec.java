/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import io.replicakit.testbed.device.DirtyLedger;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One DataNode of a testbed cluster.
 *
 * @param name short name used by the harness and the CLI ({@code dn01})
 * @param address loopback address the DataNode registers from and serves on ({@code 127.0.0.11}); it is
 *     the node's identity for the NameNode, so writer locality and reader distance behave as on a real cluster
 * @param rack rack path ({@code /r1})
 * @param nodeGroup node group below the rack, for {@code NetworkTopologyWithNodeGroup}; empty when unused
 * @param upgradeDomain upgrade domain, for {@code BlockPlacementPolicyWithUpgradeDomain}; empty when unused
 * @param hardwareClass label of the hardware class (the placement paper's C1/C2, §3)
 * @param volumes the node's volumes in data-directory order
 * @param networkBytesPerSec per-DataNode network throughput enforced with HDFS's own bandwidth keys; 0 means
 *     unlimited
 * @param pageCacheBytes size of the node's emulated page cache of recently written data (spec field
 *     {@code page.cache.mib}, see {@link io.replicakit.testbed.device.PageCache}); 0 means none
 * @param writeBack the node's write-back thresholds (spec fields {@code vm.dirty_*} applied to the page cache,
 *     see {@link io.replicakit.testbed.device.WriteBack}); {@link DirtyLedger.Limits#WRITE_THROUGH} for none
 */
public record DataNodeSpec(
    String name,
    String address,
    String rack,
    Optional<String> nodeGroup,
    Optional<String> upgradeDomain,
    String hardwareClass,
    List<VolumeSpec> volumes,
    long networkBytesPerSec,
    long pageCacheBytes,
    DirtyLedger.Limits writeBack) {

  public DataNodeSpec {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(address, "address");
    Objects.requireNonNull(rack, "rack");
    Objects.requireNonNull(nodeGroup, "nodeGroup");
    Objects.requireNonNull(upgradeDomain, "upgradeDomain");
    Objects.requireNonNull(hardwareClass, "hardwareClass");
    Objects.requireNonNull(writeBack, "writeBack");
    volumes = List.copyOf(volumes);
    if (pageCacheBytes < 0) {
      throw new IllegalArgumentException("pageCacheBytes must be >= 0, was " + pageCacheBytes);
    }
  }

  /** A DataNode without a page cache (so writing through). */
  public DataNodeSpec(String name, String address, String rack, Optional<String> nodeGroup,
      Optional<String> upgradeDomain, String hardwareClass, List<VolumeSpec> volumes, long networkBytesPerSec) {
    this(name, address, rack, nodeGroup, upgradeDomain, hardwareClass, volumes, networkBytesPerSec, 0,
        DirtyLedger.Limits.WRITE_THROUGH);
  }

  /** This node on another address (a network namespace's), everything else the same. */
  public DataNodeSpec withAddress(String newAddress) {
    return new DataNodeSpec(name, newAddress, rack, nodeGroup, upgradeDomain, hardwareClass, volumes,
        networkBytesPerSec, pageCacheBytes, writeBack);
  }

  /** The location the topology mapping gives this node: the rack, plus the node group when there is one. */
  public String networkLocation() {
    return nodeGroup.map(group -> rack + "/" + group).orElse(rack);
  }

  public long capacityBytes() {
    return volumes.stream().mapToLong(VolumeSpec::capacityBytes).sum();
  }
}
