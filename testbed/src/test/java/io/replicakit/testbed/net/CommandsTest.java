/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandsTest {

  @Test
  void commandThatHangs_isDestroyedAtItsTimeout_withOutputStillOpen() {
    // The shell's child keeps stdout open: reading it to the end first would wait the whole minute.
    IOException e = assertTimeoutPreemptively(Duration.ofSeconds(15), () -> assertThrows(IOException.class,
        () -> Commands.run(List.of("sh", "-c", "sleep 60"), Duration.ofSeconds(1))));
    assertTrue(e.getMessage().contains("did not finish in 1 s"), e.getMessage());
  }

  @Test
  void commandThatSucceeds_returnsItsOutput() throws Exception {
    assertEquals("up\n", Commands.run(List.of("sh", "-c", "echo up"), Duration.ofSeconds(10)));
  }

  @Test
  void commandThatFails_namesItselfAndItsStderr() {
    IOException e = assertThrows(IOException.class, () -> Commands.run(
        List.of("sh", "-c", "echo 'RTNETLINK answers: Operation not permitted' >&2; exit 2"), Duration.ofSeconds(10)));
    assertTrue(e.getMessage().contains("failed (exit 2): RTNETLINK answers: Operation not permitted"),
        e.getMessage());
  }
}
