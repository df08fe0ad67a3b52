/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * Finite decimal numbers between two bounds, each inclusive or not, or above one. The lower bound may follow
 * another key ({@link ConfigKey#atLeast}): the value must then be at least that key's.
 */
final class NumberType implements ValueType<Double> {

  private static final Pattern DECIMAL = Pattern.compile(
      "[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?|NaN|[+-]?Infinity");

  private final double min;
  private final boolean minIncluded;
  private final double max;
  private final boolean maxIncluded;
  private final ConfigKey<Double> floor;
  /** What problems call a value, "a number" or "a speed", and the unit they write after a bound. */
  private final String what;
  private final String unit;

  NumberType(double min, boolean minIncluded, double max, boolean maxIncluded) {
    this(min, minIncluded, max, maxIncluded, null, "a number", "");
  }

  private NumberType(double min, boolean minIncluded, double max, boolean maxIncluded, ConfigKey<Double> floor,
      String what, String unit) {
    this.min = min;
    this.minIncluded = minIncluded;
    this.max = max;
    this.maxIncluded = maxIncluded;
    this.floor = floor;
    this.what = what;
    this.unit = unit;
  }

  NumberType withFloor(ConfigKey<Double> key) {
    return new NumberType(min, minIncluded, max, maxIncluded, key, what, unit);
  }

  /** These numbers as problems name them: {@code a speed > 0 MiB/s}. */
  NumberType called(String noun, String unitSymbol) {
    return new NumberType(min, minIncluded, max, maxIncluded, floor, noun, " " + unitSymbol);
  }

  @Override
  public Double parse(String text) {
    if (!DECIMAL.matcher(text.trim()).matches()) {
      // Double.parseDouble also takes Java's literal forms (0.5d, 5f, 0x1p-1), which no operator means.
      throw new NumberFormatException("not a decimal number: " + text);
    }
    return Double.parseDouble(text);
  }

  @Override
  public String allowed() {
    return range(min, minIncluded) + (floor == null ? "" : ", and at least `" + floor.name() + "`");
  }

  @Override
  public String unreadable(String text) {
    return "must be " + phrase(min, minIncluded) + ", was '" + text + "'";
  }

  @Override
  public String outOfRange(Double value, String text, Configuration conf) {
    double lowest = min;
    boolean included = minIncluded;
    if (floor != null) {
      double other = floor.valueOrDefault(conf);
      if (other >= min) {
        lowest = other;
        included = other > min || minIncluded; // a floor equal to an excluded minimum keeps it excluded
      }
    }
    boolean aboveMin = included ? value >= lowest : value > lowest;
    boolean belowMax = maxIncluded ? value <= max : value < max;
    if (aboveMin && belowMax && !Double.isInfinite(value)) {
      return null;
    }
    return "must be " + phrase(lowest, included) + ", was " + text;
  }

  @Override
  public String format(Double value) {
    return format(value.doubleValue());
  }

  @Override
  public boolean emptyIsUnset() {
    return true;
  }

  /** 100 rather than 100.0. */
  static String format(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }

  private String phrase(double lowest, boolean included) {
    return what + " " + (Double.isInfinite(max) ? "" : "in ") + range(lowest, included) + unit;
  }

  private String range(double lowest, boolean included) {
    if (Double.isInfinite(max)) {
      return (included ? ">= " : "> ") + format(lowest);
    }
    if (included && maxIncluded) {
      return format(lowest) + ".." + format(max);
    }
    return (included ? "[" : "(") + format(lowest) + ", " + format(max) + (maxIncluded ? "]" : ")");
  }
}
