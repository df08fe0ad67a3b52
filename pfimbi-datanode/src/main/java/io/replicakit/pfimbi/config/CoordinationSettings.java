package io.replicakit.pfimbi.config;

import java.net.InetSocketAddress;

/**
 * The RPC endpoints and NameNode-side timing of background replication (thesis §4.4, §4.7).
 *
 * @param rpcAddress where each DataNode's Replication Manager binds; its port is every DataNode's
 * @param scanIntervalMs how often the NameNode looks for completed blocks that still need background copies
 * @param backgroundTimeoutMs after this long without the background copies, the NameNode gives up on them and
 *     lets its own re-replication restore the replication factor (§4.4)
 * @param placementDelegate class name of the BlockPlacementPolicy that chooses the background targets
 */
public record CoordinationSettings(InetSocketAddress rpcAddress, long scanIntervalMs, long backgroundTimeoutMs, String placementDelegate) {}
