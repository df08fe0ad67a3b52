/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

class CloseStepsTest {

  private static final Logger LOG = LoggerFactory.getLogger(CloseStepsTest.class);

  @Test
  void aStepThatThrows_isLogged_andTheNextStepsStillRun() {
    List<String> ran = new ArrayList<>();
    CloseSteps.run(LOG, "closing the client", () -> {
      throw new IllegalStateException("client already closed");
    });
    CloseSteps.run(LOG, "stopping YARN", () -> {
      ran.add("yarn");
      throw new java.io.IOException("ResourceManager gone");
    });
    CloseSteps.run(LOG, "stopping the daemons", () -> ran.add("daemons"));
    assertEquals(List.of("yarn", "daemons"), ran);
  }

  @Test
  void anInterruptedStep_keepsTheInterruptForTheCaller() {
    CloseSteps.run(LOG, "waiting", () -> {
      throw new InterruptedException();
    });
    assertTrue(Thread.interrupted(), "interrupt flag lost");
  }
}
