/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.policy;

import io.replicakit.common.state.SystemStateView;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * What policies take from their surroundings: the DataNodes' system state (looked up on each use, because the
 * NameNode's metrics plugin starts after the topology is built) and the clock.
 */
public record PolicyEnvironment(Supplier<SystemStateView> states, LongSupplier clockMs) {}
