/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The DataNodes a fault call names, resolved and checked all together before the call acts on any: a typing mistake
 * in the last name of {@code killDataNodes} must not leave the first nodes killed and never declared dead.
 */
final class DataNodeNames {

  private DataNodeNames() {}

  /**
   * The spec's DataNodes that {@code names} name, in order; each entry is a node's name or its address.
   *
   * @throws NoSuchElementException naming an entry that is no DataNode of the spec
   * @throws IllegalArgumentException naming a node named twice (also by its name and by its address)
   */
  static List<DataNodeSpec> distinct(ClusterSpec spec, List<String> names) {
    List<DataNodeSpec> nodes = new ArrayList<>();
    for (String name : names) {
      DataNodeSpec node = spec.dataNode(name);
      if (nodes.contains(node)) {
        throw new IllegalArgumentException("DataNode " + node.name() + " (" + node.address() + ") is named twice in "
            + names);
      }
      nodes.add(node);
    }
    return nodes;
  }
}
