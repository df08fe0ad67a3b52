/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.rpc;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;

/**
 * The IPC client settings of a side channel that owns its retry schedule: one connection attempt, no longer than a
 * call may take.
 *
 * <p>Why a retry policy is not enough: Hadoop's IPC client retries a connect that times out
 * {@code ipc.client.connect.max.retries.on.timeouts} times (45) of {@code ipc.client.connect.timeout} (20 s)
 * whatever the proxy's retry policy ({@code Client.Connection.handleConnectionTimeout}); only a refused connection
 * fails at once. Against a powered-off or firewalled host a single call then blocks for about 15 minutes.
 */
public final class OneConnectAttempt {

  private OneConnectAttempt() {}

  /**
   * A copy of {@code conf} whose IPC client makes one connection attempt, bounded by {@code timeoutMs} when that
   * is positive and shorter than the configured connect timeout.
   */
  public static Configuration of(Configuration conf, int timeoutMs) {
    Configuration bounded = new Configuration(conf);
    bounded.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_MAX_RETRIES_ON_SOCKET_TIMEOUTS_KEY, 0);
    if (timeoutMs > 0) {
      bounded.setInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_KEY, Math.min(timeoutMs,
          conf.getInt(CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_KEY,
              CommonConfigurationKeysPublic.IPC_CLIENT_CONNECT_TIMEOUT_DEFAULT)));
    }
    return bounded;
  }
}
