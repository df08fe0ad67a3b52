/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the short administrative commands ({@code ip}, {@code tc}) that build a network, one at a time, and fails
 * with the command and what it wrote to stderr: "RTNETLINK answers: Operation not permitted" says more than any
 * message made up here.
 */
final class Commands {

  private static final long TIMEOUT_SECONDS = 30;

  private Commands() {}

  /** Runs {@code argv} and returns its standard output. */
  static String run(List<String> argv) throws IOException {
    Process process;
    try {
      process = new ProcessBuilder(argv).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
          .start();
    } catch (IOException e) {
      throw new IOException("cannot run '" + argv.get(0) + "' (" + e.getMessage() + "); a network of namespaces"
          + " needs iproute2's ip and tc and procps' sysctl on the PATH", e);
    }
    CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
    String out = read(process.getInputStream());
    try {
      if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IOException("'" + String.join(" ", argv) + "' did not finish in " + TIMEOUT_SECONDS + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while running '" + String.join(" ", argv) + "'", e);
    }
    if (process.exitValue() != 0) {
      throw new IOException("'" + String.join(" ", argv) + "' failed (exit " + process.exitValue() + "): "
          + err.join().strip());
    }
    return out;
  }

  private static String read(java.io.InputStream in) {
    try {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return e.toString();
    }
  }
}
