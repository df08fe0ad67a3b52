/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import java.util.Locale;

/** Byte sizes as people write them in spec files: {@code 512k}, {@code 558m}, {@code 2g}, or plain bytes. */
public final class Sizes {
  public static final long KIB = 1024L;
  public static final long MIB = 1024L * KIB;
  public static final long GIB = 1024L * MIB;

  private Sizes() {}

  /**
   * Parses a size with an optional binary suffix (k, m, g, t; case-insensitive, optional trailing b).
   *
   * @throws IllegalArgumentException naming the text when it is not a positive size
   */
  public static long parse(String text) {
    String s = text.trim().toLowerCase(Locale.ROOT);
    if (s.endsWith("b") && s.length() > 1 && !Character.isDigit(s.charAt(s.length() - 2))) {
      s = s.substring(0, s.length() - 1);
    }
    long unit = 1;
    if (!s.isEmpty()) {
      switch (s.charAt(s.length() - 1)) {
        case 'k' -> unit = KIB;
        case 'm' -> unit = MIB;
        case 'g' -> unit = GIB;
        case 't' -> unit = GIB * 1024;
        default -> unit = 1;
      }
    }
    String digits = unit == 1 ? s : s.substring(0, s.length() - 1);
    try {
      long value = Long.parseLong(digits.trim());
      if (value <= 0) {
        throw new IllegalArgumentException("size must be > 0: '" + text + "'");
      }
      return Math.multiplyExact(value, unit);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "not a size: '" + text + "' (expected a positive number with optional k, m, g or t suffix)");
    }
  }

  /** Formats bytes with the largest binary unit that keeps one decimal, e.g. {@code 558.0 MiB}. */
  public static String format(long bytes) {
    if (bytes >= GIB) {
      return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) GIB);
    }
    if (bytes >= MIB) {
      return String.format(Locale.ROOT, "%.1f MiB", bytes / (double) MIB);
    }
    if (bytes >= KIB) {
      return String.format(Locale.ROOT, "%.1f KiB", bytes / (double) KIB);
    }
    return bytes + " B";
  }
}
