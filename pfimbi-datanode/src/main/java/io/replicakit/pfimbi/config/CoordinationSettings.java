/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import java.net.InetSocketAddress;
import java.util.List;

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
 * @param sweepRoots directories whose trees are swept for files below their Pfimbi target
 * @param sweepIntervalMs pause between two sweeps (0: only when the NameNode becomes active)
 * @param sweepEntriesPerScan files and directories a sweep looks at per scan
 */
public record CoordinationSettings(InetSocketAddress rpcAddress, long scanIntervalMs, long backgroundTimeoutMs,
    long blockReportWaitMs, String placementDelegate, int placementChoices, List<String> sweepRoots,
    long sweepIntervalMs, int sweepEntriesPerScan) {

  public CoordinationSettings {
    sweepRoots = List.copyOf(sweepRoots);
  }
}
