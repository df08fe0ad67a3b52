/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.results.ExperimentResults;
import java.util.List;
import java.util.Locale;

/**
 * The issues' acceptance targets for the quick profile, checked on one run's read stage. Issue 14 (read selection,
 * part 2): DRR at least 4.0× network distance and at least 0.85 of its device-bound ceiling ({@link DeviceModel}).
 * Wave 1's, kept: DRR and WRR at least 2.5× network distance (the paper measured 6.4× for DRR and expected 4×,
 * §4.2.1), and DRR at least as fast as storage type (using both storage classes beats using only the fast one).
 */
final class ReadChecks {

  /** One target: {@code left ≥ factor × right} on read throughput. */
  record Check(String left, double leftMbS, double factor, String right, double rightMbS) {

    boolean measured() {
      return Double.isFinite(leftMbS) && Double.isFinite(rightMbS);
    }

    boolean pass() {
      return measured() && leftMbS >= factor * rightMbS;
    }

    String verdict() {
      return !measured() ? "NOT RUN" : pass() ? "PASS" : "FAIL";
    }

    /** E.g. {@code PASS: drr 80.10 MB/s ≥ 2.5 × network-distance 25.00 MB/s = 62.50 MB/s (ratio 3.20)}. */
    String line() {
      return verdict() + ": " + detail();
    }

    /** 2.5, 4.0, 0.85: as many decimals as the factor has, at least one. */
    private String factorText() {
      String two = String.format(Locale.ROOT, "%.2f", factor);
      return two.endsWith("0") ? two.substring(0, two.length() - 1) : two;
    }

    /** The comparison with its numbers, without the verdict. */
    String detail() {
      String target = factor == 1 ? right : factorText() + " × " + right;
      if (!measured()) {
        return left + " ≥ " + target + " (a policy of the check was not run)";
      }
      String bound = factor == 1 ? fmt(rightMbS) + " MB/s"
          : fmt(rightMbS) + " MB/s = " + fmt(factor * rightMbS) + " MB/s";
      return String.format(Locale.ROOT, "%s %s MB/s %s %s %s (ratio %.2f)", left, fmt(leftMbS),
          pass() ? "≥" : "<", target, bound, leftMbS / rightMbS);
    }
  }

  private ReadChecks() {}

  /** Wave 1's targets only (for a run without a device model: a reader in a rack). */
  static List<Check> of(ExperimentResults results) {
    return List.of(
        check(results, "drr", 2.5, "network-distance"),
        check(results, "wrr", 2.5, "network-distance"),
        check(results, "drr", 1, "storage-type"));
  }

  /** Issue 14's two targets for DRR, then wave 1's. */
  static List<Check> of(ExperimentResults results, DeviceModel model) {
    List<Check> checks = new java.util.ArrayList<>();
    checks.add(check(results, "drr", 4.0, "network-distance"));
    checks.add(new Check("drr", throughput(results, "drr"), 0.85, "its device-bound ceiling",
        model.ceilingMibS("drr")));
    checks.addAll(of(results));
    return checks;
  }

  private static Check check(ExperimentResults results, String left, double factor, String right) {
    return new Check(left, throughput(results, left), factor, right, throughput(results, right));
  }

  private static double throughput(ExperimentResults results, String policy) {
    return results.run(policy, "read").map(r -> r.metric(ReadMetrics.THROUGHPUT)).orElse(Double.NaN);
  }

  static boolean allPass(List<Check> checks) {
    return checks.stream().allMatch(Check::pass);
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }
}
