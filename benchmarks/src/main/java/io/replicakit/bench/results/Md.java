/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.results;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Number formatting and table rows for the experiments' reports. */
public final class Md {

  private Md() {}

  /** Two decimals below 100, one above; an en dash for a value not measured. */
  public static String num(double v) {
    if (!Double.isFinite(v)) {
      return "–";
    }
    return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
  }

  /** Whole percent. */
  public static String pct(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.0f", v) : "–";
  }

  public static String pct(Optional<Double> v) {
    return v.map(Md::pct).orElse("–");
  }

  /** {@code mean ± std} when there were repetitions. */
  public static String meanStd(double mean, double std, int repetitions) {
    return repetitions > 1 && Double.isFinite(std) ? num(mean) + " ± " + num(std) : num(mean);
  }

  public static String ratio(double value, double base) {
    return Double.isFinite(value) && Double.isFinite(base) && base > 0
        ? String.format(Locale.ROOT, "%.2f×", value / base) : "–";
  }

  /** A table's header row and separator. */
  public static String header(List<String> columns) {
    return "| " + String.join(" | ", columns) + " |\n|" + "---|".repeat(columns.size()) + "\n";
  }

  public static String row(List<String> cells) {
    return "| " + String.join(" | ", cells) + " |\n";
  }

  /** A report's command and run lines: how to run it again, when it started, on which Hadoop, how long it took. */
  public static String runLines(String command, ExperimentResults results, double runSeconds) {
    return "- Command: `" + command + "`\n- Started: " + results.started() + ", Hadoop " + results.hadoopVersion()
        + String.format(Locale.ROOT, "; run time %.0f s (%.1f min)%n", runSeconds, runSeconds / 60);
  }
}
