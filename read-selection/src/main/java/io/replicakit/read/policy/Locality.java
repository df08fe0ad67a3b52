/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

/**
 * Where a replica is relative to the reader, the three cases of the read-selection paper's §3.1 and of the
 * hotspot paper's distance score (3.5 / 2.8 / 2.1 points).
 */
public enum Locality {
  /** On the reader's own machine. */
  LOCAL,
  /** Another node in the reader's rack. */
  SAME_RACK,
  /** In another rack (or the reader is outside the cluster's racks). */
  OFF_RACK;

  /** HDFS's distance weight (0 local, 2 same rack, more beyond; node groups give 1) as a locality. */
  public static Locality ofHdfsWeight(int weight) {
    if (weight == 0) {
      return LOCAL;
    }
    return weight <= 2 ? SAME_RACK : OFF_RACK;
  }
}
