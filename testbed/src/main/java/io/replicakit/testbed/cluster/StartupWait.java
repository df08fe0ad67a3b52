/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import io.replicakit.testbed.process.DaemonJmx;
import io.replicakit.testbed.process.DaemonProcess;
import java.io.IOException;
import java.time.Duration;

/**
 * One start-up deadline shared by several waits (NameNode up, each DataNode registered). Each wait fails at once
 * when the NameNode or the daemon it waits for has exited, and at the deadline otherwise, naming what it waited
 * for and ending with the daemon's log file and its last lines.
 */
final class StartupWait {

  /** A condition polled until it holds; an {@link IOException} counts as "not yet" (the daemon may be starting). */
  @FunctionalInterface
  interface Check {
    boolean done() throws IOException;
  }

  private static final long POLL_MILLIS = 250;

  private final DaemonProcess nameNode;
  private final Duration timeout;
  private final long deadline;

  StartupWait(DaemonProcess nameNode, Duration timeout) {
    this.nameNode = nameNode;
    this.timeout = timeout;
    this.deadline = System.nanoTime() + timeout.toNanos();
  }

  /** Time left before the deadline (never negative). */
  Duration remaining() {
    return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
  }

  /**
   * Polls {@code check} until it holds: checks first that the NameNode and {@code daemon} are alive, then the
   * condition, then the deadline, so every wait looks at least once.
   *
   * @throws IOException when a daemon has exited or the deadline passes, naming {@code daemon}'s log and its end
   */
  void until(String what, DaemonProcess daemon, Check check) throws IOException {
    IOException last = null;
    while (true) {
      exitedCheck(nameNode, what);
      exitedCheck(daemon, what);
      try {
        if (check.done()) {
          return;
        }
      } catch (IOException e) {
        last = e;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("timed out after " + timeout.toSeconds() + " s waiting for " + what
            + (last == null ? "" : " (last error: " + last.getMessage() + ")") + "; see " + daemon.describeLogs(),
            last);
      }
      try {
        Thread.sleep(POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for " + what, e);
      }
    }
  }

  /**
   * Waits until {@code daemon}'s JMX agent has the bean {@code objectName} (a harness plugin publishes it during
   * start-up). Polled like every other wait, so a daemon that died fails it at once with its log, and the bean is
   * looked for at least once even when the deadline has passed (the daemon may have come up meanwhile).
   */
  void untilBean(String objectName, DaemonProcess daemon, DaemonJmx jmx) throws IOException {
    until("bean " + objectName + " of " + daemon.id().name(), daemon, () -> jmx.isRegistered(objectName));
  }

  private static void exitedCheck(DaemonProcess daemon, String what) throws IOException {
    if (!daemon.isAlive()) {
      throw new IOException(daemon.id().name() + " (pid " + daemon.pid() + ") exited while waiting for " + what
          + "; see " + daemon.describeLogs());
    }
  }
}
