/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.wire;

/** Why a sample was not accepted. Each reason is counted separately in the NameNode's metrics. */
public enum Rejection {
  /** Not a protobuf message of the expected type, or required fields missing. */
  MALFORMED,
  /** Larger than {@code replicakit.metrics.message.max.bytes}. */
  OVERSIZED,
  /** Well-formed but with values out of range (a percentage above 100, an unknown storage type, ...). */
  INVALID,
  /** Not newer than the DataNode's latest accepted sample. */
  OUT_OF_ORDER,
  /** From a DataNode the NameNode does not know as live. */
  UNKNOWN_NODE,
  /** From a caller that is not the DataNode the sample names (another address, or not a DataNode principal). */
  WRONG_SENDER
}
