/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops daemons within one grace period shared by all of them: SIGTERM lets each run its shutdown hooks, and whatever
 * still runs when the period ends gets SIGKILL. One deadline, not one per daemon in turn, so closing a cluster whose
 * daemons hang in their shutdown takes the grace period once however many there are.
 */
public final class GracefulStop {

  private static final Logger LOG = LoggerFactory.getLogger(GracefulStop.class);

  private final Duration grace;
  private final long deadline;

  /** Starts the grace period now. */
  public GracefulStop(Duration grace) {
    this.grace = grace;
    this.deadline = System.nanoTime() + grace.toNanos();
  }

  /** SIGTERM to each daemon at once, then {@link #awaitOrKill}. */
  public void stop(Collection<DaemonProcess> daemons) {
    terminate(daemons);
    awaitOrKill(daemons);
  }

  /** SIGTERM to each daemon, without waiting. */
  public void terminate(Collection<DaemonProcess> daemons) {
    daemons.forEach(DaemonProcess::requestStop);
  }

  /**
   * Waits until each of {@code daemons} (sent SIGTERM already) has exited or the grace period has ended, then sends
   * SIGKILL to all that still run and waits for them. Never throws: a daemon that outlives SIGKILL is logged.
   */
  public void awaitOrKill(Collection<DaemonProcess> daemons) {
    List<DaemonProcess> survivors = daemons.stream().filter(d -> !d.awaitExitUntil(deadline)).toList();
    survivors.forEach(DaemonProcess::requestKill);
    for (DaemonProcess daemon : survivors) {
      LOG.info("{} (pid {}) still ran {} s after SIGTERM: killed", daemon.command().logName(), daemon.pid(),
          grace.toSeconds());
      try {
        daemon.kill();
      } catch (IOException e) {
        LOG.warn("{} (pid {}) did not stop: {}", daemon.command().logName(), daemon.pid(), e.toString());
      }
    }
  }
}
