/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.config;

import java.net.InetSocketAddress;

/**
 * What the NameNode side needs, validated by {@link MetricsConfig}.
 *
 * @param bindAddress where the metrics RPC server listens
 * @param handlers RPC handler threads
 * @param staleIntervals a sample older than this many of its DataNode's intervals is stale
 * @param maxMessageBytes largest accepted sample message
 * @param sweepIntervalMs how often dead and decommissioned DataNodes are dropped
 */
public record RegistrySettings(
    InetSocketAddress bindAddress, int handlers, int staleIntervals, int maxMessageBytes, long sweepIntervalMs) {}
