/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.Objects;
import java.util.Optional;

/**
 * One DataNode as the analysis sees it.
 *
 * <p>{@code id} is the DataNode's transfer address {@code ip:port} ({@code DatanodeInfo.getXferAddr()}), the key
 * the block map uses for replicas; {@code name} is the host name or IP, for display only; {@code location} is the
 * network location, {@code /rack} or, with a node-group layer, {@code /rack/nodegroup}. {@code upgradeDomain} is
 * empty when the operator assigned none.
 *
 * <p>Only nodes that {@link #counts() count} enter the statistics: the paper (§5.2) leaves dead DataNodes out of
 * its occupation tables, and a decommissioning or decommissioned node holds replicas HDFS no longer relies on.
 */
public record NodeState(String id, String name, String location, long capacityBytes, long dfsUsedBytes,
    boolean live, boolean inService, Optional<String> upgradeDomain) {

  public NodeState {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(location, "location");
    Objects.requireNonNull(upgradeDomain, "upgradeDomain");
    if (!location.startsWith("/")) {
      throw new IllegalArgumentException("network location of " + id + " must start with '/': " + location);
    }
    if (capacityBytes < 0 || dfsUsedBytes < 0) {
      throw new IllegalArgumentException("capacity and DFS used of " + id + " must not be negative");
    }
  }

  /**
   * Top-level rack of the location: {@code /r1/ng1 -> /r1}, {@code /r1 -> /r1}. Rack-level fault tolerance
   * (paper §3) is about the rack, so a node group below it does not make a separate failure domain here.
   */
  public String rack() {
    int second = location.indexOf('/', 1);
    return second < 0 ? location : location.substring(0, second);
  }

  /**
   * Live and in service (not decommissioning, decommissioned, entering or in maintenance): the nodes whose
   * replicas HDFS counts on and that can receive new ones.
   */
  public boolean counts() {
    return live && inService;
  }
}
