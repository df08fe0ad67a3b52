/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** TestDFSIO leaves a non-daemon thread pool behind; a program using the runner must still end by itself. */
class DfsioRunnerExitIT {

  @TempDir
  Path dir;

  @Test
  void jvmRunningTestDfsio_exitsWithoutSystemExit() throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx1g");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(DfsioExitProbe.class.getName());
    command.add(dir.toString());
    Path log = dir.resolve("probe.log");
    Process probe = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    boolean ended = probe.waitFor(180, TimeUnit.SECONDS);
    if (!ended) {
      probe.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertTrue(ended, "the JVM did not exit after TestDFSIO finished; last output:\n" + tail(output));
    assertEquals(0, probe.exitValue(), tail(output));
    assertTrue(output.contains("probe done"), tail(output));
  }

  private static String tail(String text) {
    return text.length() <= 4000 ? text : text.substring(text.length() - 4000);
  }

}
