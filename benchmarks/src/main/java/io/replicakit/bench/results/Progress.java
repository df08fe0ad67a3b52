/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import java.io.PrintStream;
import java.util.Locale;

/** One line per step with the elapsed time, so a long experiment shows where it is. */
public final class Progress {

  private final PrintStream out;
  private final long start = System.nanoTime();

  public Progress(PrintStream out) {
    this.out = out;
  }

  public void step(String format, Object... args) {
    long s = (System.nanoTime() - start) / 1_000_000_000L;
    String line = String.format(Locale.ROOT, format, args);
    out.printf(Locale.ROOT, "[%02d:%02d:%02d] %s%n", s / 3600, s / 60 % 60, s % 60, line);
    out.flush();
  }

  public double elapsedSeconds() {
    return (System.nanoTime() - start) / 1e9;
  }
}
