/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs the short administrative commands ({@code ip}, {@code tc}) that build a network, one at a time, and fails
 * with the command and what it wrote to stderr: "RTNETLINK answers: Operation not permitted" says more than any
 * message made up here. A command that hangs is destroyed at its timeout: its output is read on threads of its own,
 * since reading it to the end first would wait as long as anything keeps the pipe open.
 */
final class Commands {

  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private Commands() {}

  /** Runs {@code argv} with a 30-s timeout and returns its standard output. */
  static String run(List<String> argv) throws IOException {
    return run(argv, TIMEOUT);
  }

  /**
   * Runs {@code argv} and returns its standard output.
   *
   * @throws IOException naming the command: when it cannot start, exits non-zero (with its stderr), or runs longer
   *     than {@code timeout} (it and its children are then killed)
   */
  static String run(List<String> argv, Duration timeout) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    Process process = start(argv);
    CompletableFuture<String> out = drain(process.getInputStream(), argv.get(0) + "-stdout");
    CompletableFuture<String> err = drain(process.getErrorStream(), argv.get(0) + "-stderr");
    try {
      if (!process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        destroy(process);
        throw new IOException("'" + String.join(" ", argv) + "' did not finish in " + timeout.toSeconds() + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      destroy(process);
      throw new IOException("interrupted while running '" + String.join(" ", argv) + "'", e);
    }
    if (process.exitValue() != 0) {
      throw new IOException("'" + String.join(" ", argv) + "' failed (exit " + process.exitValue() + "): "
          + text(err, deadline, argv).strip());
    }
    return text(out, deadline, argv);
  }

  private static Process start(List<String> argv) throws IOException {
    try {
      return new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
          .start();
    } catch (IOException e) {
      throw new IOException("cannot run '" + argv.get(0) + "' (" + e.getMessage() + "); a network of namespaces"
          + " needs iproute2's ip and tc and procps' sysctl on the PATH", e);
    }
  }

  /** Reads {@code in} to its end on a daemon thread of its own. */
  private static CompletableFuture<String> drain(InputStream in, String name) {
    CompletableFuture<String> text = new CompletableFuture<>();
    Thread reader = new Thread(() -> text.complete(read(in)), "commands-" + name);
    reader.setDaemon(true);
    reader.start();
    return text;
  }

  /** What a stream held, once its reader is done; a child of the command still holding it open is waited for. */
  private static String text(CompletableFuture<String> text, long deadline, List<String> argv) throws IOException {
    try {
      return text.get(Math.max(TimeUnit.SECONDS.toNanos(1), deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new IOException("'" + String.join(" ", argv) + "' exited, but its output stayed open", e);
    } catch (ExecutionException e) {
      throw new IOException("reading the output of '" + String.join(" ", argv) + "'", e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while reading the output of '" + String.join(" ", argv) + "'", e);
    }
  }

  /** Kills the command and whatever it started, so nothing holds its output open. */
  private static void destroy(Process process) {
    List<ProcessHandle> children = process.descendants().toList();
    process.destroyForcibly();
    children.forEach(ProcessHandle::destroyForcibly);
  }

  private static String read(InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return e.toString();
    }
  }
}
