/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.util.Optional;

/**
 * A Java agent ({@code -javaagent:replicakit-testbed.jar=PID}) that ends a daemon JVM when the process that
 * launched it is gone. The launcher kills its daemons when it closes a cluster or exits normally (a shutdown
 * hook); this covers the rest: a launcher killed with {@code kill -9}, or a test JVM that Failsafe destroys.
 * It polls rather than relying on a parent-death signal because a daemon may run under a wrapper (a network
 * namespace launcher) whose own parent is not the launcher.
 */
public final class ParentWatchdog {

  static final long POLL_MILLIS = 1000;

  private ParentWatchdog() {}

  /** Agent entry point: {@code agentArgs} is the launcher's process ID. */
  public static void premain(String agentArgs) {
    long parent;
    try {
      parent = Long.parseLong(agentArgs == null ? "" : agentArgs.trim());
    } catch (NumberFormatException e) {
      System.err.println("ParentWatchdog: expected the launcher's process ID as the agent argument, got '"
          + agentArgs + "'; not watching");
      return;
    }
    Optional<ProcessHandle> handle = ProcessHandle.of(parent);
    Thread watcher = new Thread(() -> watch(parent, handle), "testbed-parent-watchdog");
    watcher.setDaemon(true);
    watcher.start();
  }

  private static void watch(long parent, Optional<ProcessHandle> handle) {
    while (handle.isPresent() && handle.get().isAlive()) {
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        return;
      }
    }
    System.err.println("ParentWatchdog: launcher process " + parent + " is gone; halting this daemon");
    Runtime.getRuntime().halt(143);
  }
}
