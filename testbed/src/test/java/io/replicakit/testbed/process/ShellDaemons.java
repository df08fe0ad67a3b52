/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Stand-ins for daemon JVMs in unit tests: the harness's real start path ({@link DaemonCommand}, {@link NodeLauncher},
 * {@link DaemonProcess}) with a launcher that runs a shell script in place of the JVM, so a test controls whether the
 * "daemon" runs, exits or ignores SIGTERM without starting Hadoop.
 */
public final class ShellDaemons {

  /** Runs until killed. */
  public static final String RUNS = "exec sleep 600";
  /** Runs until SIGKILL: SIGTERM is ignored, as by a daemon stuck in its shutdown. */
  public static final String IGNORES_SIGTERM = "trap '' TERM; exec sleep 600";
  /** Writes a line to its {@code .out} file and exits with 3, as a daemon that fails at start-up. */
  public static final String FAILS = "echo 'cannot start: port in use'; exit 3";

  private ShellDaemons() {}

  /** An install of empty jars below {@code dir}: enough for the command line, which the launcher then replaces. */
  public static DaemonInstall install(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path jar = touch(dir.resolve("replicakit-dist.jar"));
    return new DaemonInstall(jar, jar, List.of(touch(dir.resolve("hadoop.jar"))));
  }

  /** A launcher that runs {@code script} with {@code sh -c} for every daemon. */
  public static NodeLauncher running(String script) {
    return (daemon, command) -> List.of("sh", "-c", script);
  }

  /** Starts a stand-in for daemon {@code id} running {@code script}, its files below {@code dir}. */
  public static DaemonProcess start(Path dir, DaemonId id, String script) throws IOException {
    DaemonEnv env = new DaemonEnv(install(dir.resolve("install")), dir.resolve("conf"), dir.resolve("home"),
        dir.resolve("logs"), dir.resolve("tmp"), List.of(), 0);
    return DaemonProcess.start(DaemonCommand.dataNode(id, env), running(script));
  }

  private static Path touch(Path file) throws IOException {
    return Files.exists(file) ? file : Files.createFile(file);
  }
}
