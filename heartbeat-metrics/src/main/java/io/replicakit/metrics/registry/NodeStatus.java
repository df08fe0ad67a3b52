/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.registry;

/** What the NameNode knows of a DataNode, as far as the registry cares. */
public enum NodeStatus {
  /** Registered and heartbeating (including while decommissioning or in maintenance). */
  LIVE,
  /** Registered but missed heartbeats for the dead interval. */
  DEAD,
  /** Fully decommissioned: it serves no reads and takes no writes. */
  DECOMMISSIONED,
  /** Not registered with this NameNode. */
  UNKNOWN
}
