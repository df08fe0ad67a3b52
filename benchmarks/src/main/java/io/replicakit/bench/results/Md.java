package io.replicakit.bench.read;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Number formatting and table rows for the read experiments' reports. */
final class Md {

  private Md() {}

  /** Two decimals below 100, one above; an en dash for a value not measured. */
  static String num(double v) {
    if (!Double.isFinite(v)) {
      return "–";
    }
    return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
  }

  /** Whole percent. */
  static String pct(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.0f", v) : "–";
  }

  static String pct(Optional<Double> v) {
    return v.map(Md::pct).orElse("–");
  }

  /** {@code mean ± std} when there were repetitions. */
  static String meanStd(double mean, double std, int repetitions) {
    return repetitions > 1 && Double.isFinite(std) ? num(mean) + " ± " + num(std) : num(mean);
  }

  static String ratio(double value, double base) {
    return Double.isFinite(value) && Double.isFinite(base) && base > 0
        ? String.format(Locale.ROOT, "%.2f×", value / base) : "–";
  }

  /** A table's header row and separator. */
  static String header(List<String> columns) {
    return "| " + String.join(" | ", columns) + " |\n|" + "---|".repeat(columns.size()) + "\n";
  }

  static String row(List<String> cells) {
    return "| " + String.join(" | ", cells) + " |\n";
  }
}
