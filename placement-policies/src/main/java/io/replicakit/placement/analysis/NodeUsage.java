/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.analysis;

/**
 * A counted node's share of the stored data: occupation (replica bytes from the block map) and utilization
 * (occupation as a percentage of capacity), the two columns of the paper's Tables 1, 3 and 5.
 */
public record NodeUsage(String id, String name, String rack, long occupationBytes, long capacityBytes,
    double utilizationPct) {}
