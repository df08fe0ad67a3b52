/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import io.replicakit.pfimbi.activity.ActivityMetric;

/**
 * How each Replication Manager measures and classifies disk activity (thesis §4.2.2, §4.6.1, Algorithm 1).
 *
 * @param metric what "activity" means
 * @param intervalMs how often counters are sampled: one activity sample per interval
 * @param kmeansAlpha how far one sample moves its cluster's centre, in (0, 1]
 * @param source the name of the per-volume counter source (a {@code SourceProvider})
 * @param dirtyData whether MemDisk adds the host's dirty page-cache growth
 */
public record ActivitySettings(ActivityMetric metric, long intervalMs, double kmeansAlpha, String source,
    boolean dirtyData) {}
