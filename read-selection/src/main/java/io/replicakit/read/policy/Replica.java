/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import java.util.Objects;

/**
 * One active replica of a block as a read policy sees it: no HDFS types, so policies are tested without a
 * cluster.
 *
 * @param position index in the array HDFS handed over (the policy returns a permutation of these)
 * @param distance HDFS's network distance weight from the reader (0 local, 2 same rack, 4 other rack)
 * @param storageType HDFS storage type name of the replica's volume
 * @param storageId the volume's storage ID (to find its disk metrics)
 * @param datanodeUuid the DataNode's UUID (to find its system state)
 */
public record Replica(int position, int distance, String storageType, String storageId, String datanodeUuid) {

  public Replica {
    Objects.requireNonNull(storageType, "storageType");
    Objects.requireNonNull(storageId, "storageId");
    Objects.requireNonNull(datanodeUuid, "datanodeUuid");
  }

  public Locality locality() {
    return Locality.ofHdfsWeight(distance);
  }
}
