/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.balancer.plan;

/** One planned replica move: the block's replica on {@code source} goes to {@code target}. */
public record Move(BlockPlacement block, StorageUnit source, StorageUnit target, RackDiversity effect) {}
