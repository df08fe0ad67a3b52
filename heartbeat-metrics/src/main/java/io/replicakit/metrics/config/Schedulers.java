/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.config;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/** The plugins' background threads: one named daemon thread each, so they never hold a daemon's JVM open. */
public final class Schedulers {

  private Schedulers() {}

  public static ScheduledExecutorService daemon(String threadName) {
    return Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, threadName);
      t.setDaemon(true);
      return t;
    });
  }
}
