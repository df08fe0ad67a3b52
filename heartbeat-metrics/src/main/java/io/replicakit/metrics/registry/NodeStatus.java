/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.registry;

/** What the NameNode knows of a DataNode, as far as the registry cares. */
public enum NodeStatus {
  /** Registered, heartbeating and in service. */
  LIVE,
  /**
   * Registered and heartbeating, but decommissioning or entering or in maintenance: HDFS places no replica on it and
   * reads its replicas only when no other is left. Its samples are kept, marked not in service.
   */
  OUT_OF_SERVICE,
  /** Registered but missed heartbeats for the dead interval. */
  DEAD,
  /** Fully decommissioned: it serves no reads and takes no writes. */
  DECOMMISSIONED,
  /** Not registered with this NameNode. */
  UNKNOWN
}
