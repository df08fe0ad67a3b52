/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Ctrl-C while a cluster starts (30 s to 3 minutes with {@code --processes}): the JVM runs its shutdown hooks, so the
 * hook that removes the temporary cluster directory must be registered as soon as that directory exists.
 */
class ShutdownHookTest {

  private static final Pattern TEMP_DIR = Pattern.compile(" in (\\S+replicakit-cluster-\\S+) \\(temporary");

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);

  /**
   * Plays Ctrl-C at the moment a hook is registered: runs it at once, noting whether the temporary cluster directory
   * existed before and after.
   */
  private final class CtrlC implements Consumer<Thread> {
    final List<Boolean> existedBefore = new ArrayList<>();
    final List<Boolean> existedAfter = new ArrayList<>();

    @Override
    public void accept(Thread hook) {
      existedBefore.add(Files.isDirectory(tempDir()));
      hook.run();
      existedAfter.add(Files.exists(tempDir()));
    }
  }

  private final CtrlC ctrlC = new CtrlC();

  private Path tempDir() {
    Matcher m = TEMP_DIR.matcher(bytes.toString(StandardCharsets.UTF_8));
    assertTrue(m.find(), "no temporary directory named in: " + bytes.toString(StandardCharsets.UTF_8));
    return Path.of(m.group(1));
  }

  /**
   * Runs {@code command} with a {@code --processes} start that fails at once (the test JVM names no installable
   * jar), and asserts that its cleanup hook was registered while the temporary directory existed, and removed it.
   */
  private void assertHookRegisteredBeforeTheStart(Command command) {
    assertThrows(IllegalStateException.class, () -> command.run(List.of("--processes", "--spec", "small"), out));
    assertEquals(List.of(true), ctrlC.existedBefore, "no hook while the temporary directory existed");
    assertEquals(List.of(false), ctrlC.existedAfter, "the hook left the temporary directory");
  }

  @Test
  void clusterCommand_registersItsCleanupHook_beforeTheClusterStarts() {
    assertHookRegisteredBeforeTheStart(new ClusterCommand(ctrlC));
  }

  @Test
  void dfsioCommand_registersItsCleanupHook_beforeTheClusterStarts() {
    assertHookRegisteredBeforeTheStart(new DfsioCommand(ctrlC));
  }
}
