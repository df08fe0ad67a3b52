/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One running daemon JVM: its process, command and log files. {@link #kill()} is {@code kill -9}, a crash the
 * daemon cannot react to; {@link #stop} is {@code kill} (SIGTERM), after which Hadoop's shutdown hooks run.
 */
public final class DaemonProcess {

  private static final Duration KILL_WAIT = Duration.ofSeconds(30);

  private final DaemonCommand command;
  private final Process process;

  private DaemonProcess(DaemonCommand command, Process process) {
    this.command = command;
    this.process = process;
  }

  /**
   * Starts {@code command} through {@code launcher}, its output appended to its {@code .out} file, and registers
   * it with the {@link ProcessReaper}.
   */
  public static DaemonProcess start(DaemonCommand command, NodeLauncher launcher) throws IOException {
    return start(command, launcher, Map.of());
  }

  /**
   * {@link #start(DaemonCommand, NodeLauncher)} with {@code environment} added to this JVM's environment: what a
   * daemon hands down to the processes it starts itself (a NodeManager's {@code HADOOP_CONF_DIR} and
   * {@code JAVA_HOME} for its containers).
   */
  public static DaemonProcess start(DaemonCommand command, NodeLauncher launcher, Map<String, String> environment)
      throws IOException {
    Files.createDirectories(command.env().logDir());
    Files.createDirectories(command.env().tmpDir());
    List<String> argv = launcher.command(command.id(), command.argv(ProcessHandle.current().pid()));
    ProcessBuilder builder = new ProcessBuilder(argv)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(command.outFile().toFile()))
        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    builder.environment().putAll(environment);
    Process process = builder.start();
    ProcessReaper.global().register(process);
    return new DaemonProcess(command, process);
  }

  public DaemonId id() {
    return command.id();
  }

  public DaemonCommand command() {
    return command;
  }

  public long pid() {
    return process.pid();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  /** SIGKILL, then waits for the process to be gone. */
  public void kill() throws IOException {
    process.destroyForcibly();
    await(KILL_WAIT);
  }

  /** SIGTERM; SIGKILL if it has not exited after {@code grace}. Returns once it is gone. */
  public void stop(Duration grace) throws IOException {
    process.destroy();
    try {
      if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
        kill();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while stopping " + command.id().name(), e);
    }
  }

  /** Sends SIGTERM without waiting (to stop many daemons at once; {@link GracefulStop} then waits). */
  public void requestStop() {
    process.destroy();
  }

  /** Sends SIGKILL without waiting (to kill many daemons at once; {@link #kill} then waits). */
  public void requestKill() {
    process.destroyForcibly();
  }

  /**
   * Waits until the process has exited or {@link System#nanoTime()} reaches {@code deadlineNanos}.
   *
   * @return whether it has exited; an interrupt ends the wait at once (the flag stays set)
   */
  public boolean awaitExitUntil(long deadlineNanos) {
    try {
      return process.waitFor(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return !process.isAlive();
    }
  }

  /**
   * Waits for the process to exit by itself (a command such as {@code -format}).
   *
   * @return its exit code
   * @throws TimeoutException naming the log when it runs longer than {@code timeout}
   */
  public int awaitExit(Duration timeout) throws IOException, TimeoutException {
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new TimeoutException(command.id().name() + " (" + command.logName() + ") did not finish within "
            + timeout.toSeconds() + " s; see " + describeLogs());
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while waiting for " + command.logName(), e);
    }
  }

  private void await(Duration timeout) throws IOException {
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IOException(command.id().name() + " (pid " + pid() + ") is still running " + timeout.toSeconds()
            + " s after SIGKILL");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for " + command.id().name() + " to exit", e);
    }
  }

  /** The log files and the last lines of the log, for an error message. */
  public String describeLogs() {
    return command.logFile() + " (and " + command.outFile().getFileName() + "); last lines:\n" + tail(20);
  }

  /** The last {@code lines} lines of the daemon's log, or of its {@code .out} file when the log is empty. */
  public String tail(int lines) {
    List<String> log = lastLines(command.logFile(), lines);
    List<String> out = lastLines(command.outFile(), lines);
    List<String> all = new ArrayList<>(log.isEmpty() ? out : log);
    return all.isEmpty() ? "  (no output yet)" : "  " + String.join("\n  ", all);
  }

  private static List<String> lastLines(Path file, int lines) {
    try {
      if (!Files.isRegularFile(file)) {
        return List.of();
      }
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return all.subList(Math.max(0, all.size() - lines), all.size());
    } catch (IOException | java.io.UncheckedIOException e) {
      return List.of("(cannot read " + file + ": " + e.getMessage() + ")");
    }
  }
}
