/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import org.slf4j.Logger;

/**
 * Runs the steps of a {@code close()} each on its own: a step that throws is logged and the next one still runs, so
 * an error while closing a client can never leave daemon processes or network devices behind.
 */
public final class CloseSteps {

  /** One step of a close. */
  @FunctionalInterface
  public interface Step {
    void run() throws Exception;
  }

  private CloseSteps() {}

  /** Runs {@code step}; what it throws is logged on {@code log} as a failure of {@code what}, not rethrown. */
  public static void run(Logger log, String what, Step step) {
    try {
      step.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      log.warn("Interrupted while {}", what);
    } catch (Exception e) {
      log.warn("Failed {}; closing goes on", what, e);
    }
  }
}
