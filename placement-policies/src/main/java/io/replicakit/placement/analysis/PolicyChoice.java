/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

import java.util.Objects;

/**
 * A placement policy picked by short name or class name, with the topology information it cannot work without
 * (paper §3: the node-group layer, or upgrade domains assigned by the operator).
 */
public record PolicyChoice(String name, String className, boolean needsNodeGroups, boolean needsUpgradeDomains) {

  public PolicyChoice {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(className, "className");
  }
}
