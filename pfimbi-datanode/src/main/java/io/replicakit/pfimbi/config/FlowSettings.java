/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

/**
 * Intra- and inter-node flow control of background blocks (thesis §4.2.3, §4.2.4).
 *
 * @param bufferBlocks how many background blocks a Replication Manager may hold in memory
 * @param bufferBytes how many bytes they may take together
 * @param guaranteedShareForegroundBlocks foreground blocks after which one background block is written even on a
 *     busy disk; 0 disables the guarantee
 * @param idleSamples consecutive idle activity samples before the disk counts as idle (1: the thesis's rule)
 * @param maxQueuedNotices notices a Replication Manager holds waiting before it refuses new ones
 * @param foregroundWindowMs how long after foreground work background copies are synced and held back on dirty
 *     data ({@link io.replicakit.pfimbi.flow.ForegroundWindow}); 0: never synced, always held
 */
public record FlowSettings(int bufferBlocks, long bufferBytes, long guaranteedShareForegroundBlocks,
    int idleSamples, int maxQueuedNotices, long foregroundWindowMs) {}
