/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.config;

/**
 * What a DataNode's reporter needs, validated by {@link MetricsConfig}.
 *
 * @param intervalMs sampling and reporting period
 * @param serverPort the NameNode plugin's port
 * @param serverHost the NameNode plugin's host, or empty for "each NameNode's own host" (HA: report to all)
 * @param hostSource name of the CPU/memory counter source
 * @param volumeSource name of the per-volume counter source
 * @param rpcTimeoutMs timeout of one report call
 * @param maxBackoffMs longest wait before retrying an unreachable NameNode plugin
 * @param maxMessageBytes largest message the NameNode accepts; larger samples are not sent
 */
public record ReporterSettings(
    long intervalMs,
    int serverPort,
    String serverHost,
    String hostSource,
    String volumeSource,
    int rpcTimeoutMs,
    long maxBackoffMs,
    int maxMessageBytes) {}
