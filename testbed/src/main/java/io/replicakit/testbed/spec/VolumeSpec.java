/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import java.util.Objects;
import org.apache.hadoop.fs.StorageType;

/**
 * One DataNode volume: a storage medium with a configured capacity. The capacity is what the DataNode
 * reports to the NameNode, so placement policies that weigh free space (AvailableSpace, the placement paper
 * §2.2) see the heterogeneous cluster the spec describes, whatever the real disk under the test holds.
 */
public record VolumeSpec(StorageType type, long capacityBytes) {

  public VolumeSpec {
    Objects.requireNonNull(type, "type");
    if (capacityBytes <= 0) {
      throw new IllegalArgumentException("capacityBytes must be > 0, was " + capacityBytes);
    }
  }

  @Override
  public String toString() {
    return type + ":" + Sizes.format(capacityBytes);
  }
}
