/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.sysstate;

import java.util.Objects;

/**
 * One HDFS volume of a DataNode, as the DataNode knows it.
 *
 * @param storageId the DataNode storage ID (stable across restarts, unique in the cluster)
 * @param storageType HDFS storage type name, e.g. {@code DISK} or {@code SSD}
 * @param path the volume's local directory
 */
public record VolumeRef(String storageId, String storageType, String path) {

  public VolumeRef {
    Objects.requireNonNull(storageId, "storageId");
    Objects.requireNonNull(storageType, "storageType");
    Objects.requireNonNull(path, "path");
  }
}
