/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Every daemon process this JVM has started and not yet seen exit, killed by a shutdown hook when the JVM exits
 * with any of them still running (an experiment interrupted with Ctrl-C, a test that forgot to close its
 * cluster). Daemons started by a JVM that dies without running hooks end through {@link ParentWatchdog}.
 */
public final class ProcessReaper {

  private static final ProcessReaper GLOBAL = new ProcessReaper();

  private final Set<Process> running = ConcurrentHashMap.newKeySet();
  private volatile boolean hooked;

  private ProcessReaper() {}

  public static ProcessReaper global() {
    return GLOBAL;
  }

  /** Follows {@code process} until it exits. */
  public void register(Process process) {
    installHook();
    running.add(process);
    process.onExit().thenRun(() -> running.remove(process));
  }

  /** Processes started and still running. */
  public List<Process> running() {
    return running.stream().filter(Process::isAlive).toList();
  }

  private synchronized void installHook() {
    if (!hooked) {
      Runtime.getRuntime().addShutdownHook(new Thread(this::killAll, "testbed-process-reaper"));
      hooked = true;
    }
  }

  private void killAll() {
    List<Process> left = running();
    left.forEach(Process::destroyForcibly);
    for (Process p : left) {
      try {
        p.waitFor(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
