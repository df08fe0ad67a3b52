/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.sysstate;

/** Reads the host's CPU and memory counters. Called once per sampling interval from one thread. */
public interface HostSource extends AutoCloseable {

  HostCounters read();

  @Override
  default void close() {}
}
