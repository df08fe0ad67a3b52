/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

/**
 * Every setting of the Pfimbi module, from a configuration that passed {@link PfimbiConfig#validate}; obtain it
 * with {@link PfimbiConfig#settings}.
 */
public record PfimbiSettings(ActivitySettings activity, FlowSettings flow, SchedulerSettings scheduler,
    CoordinationSettings coordination) {}
