/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import java.net.InetSocketAddress;

/**
 * The RPC endpoints and NameNode-side timing of background replication (thesis §4.4, §4.7).
 *
 * @param rpcAddress where each DataNode's Replication Manager binds; its port is every DataNode's
 * @param scanIntervalMs how often the NameNode looks for completed blocks that still need background copies
 * @param backgroundTimeoutMs after this long without the background copies, the NameNode gives up on them and
 *     lets its own re-replication restore the replication factor (§4.4)
 * @param blockReportWaitMs the longest the coordinator holds its decisions while a live DataNode has not reported
 *     its blocks ({@code BlockReportWait})
 * @param placementDelegate class name of the BlockPlacementPolicy that chooses the background targets
 * @param placementChoices answers of that policy asked per block, of which the coordinator keeps the one whose
 *     targets have the fewest background bytes waiting; 1 keeps the policy's only answer
 * @param sweep the sweep of the marked trees
 * @param maxTrackedFiles files the coordinator follows at once; a file found beyond them is raised to its target
 *     at once (HDFS's re-replication), since every followed file costs namespace calls each round
 */
public record CoordinationSettings(InetSocketAddress rpcAddress, long scanIntervalMs, long backgroundTimeoutMs,
    long blockReportWaitMs, String placementDelegate, int placementChoices, SweepSettings sweep,
    int maxTrackedFiles) {}
