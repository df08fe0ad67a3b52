/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * Whole numbers in a range: plain counts, durations in milliseconds (with Hadoop's suffixes) and sizes in bytes
 * (with Hadoop's prefixes and units). The lower bound may follow another key ({@link ConfigKey#atLeast}).
 */
final class WholeType implements ValueType<Long> {

  /** How the text is read, and the words of the problems. */
  enum Kind {
    COUNT("a whole number", "", ""),
    DURATION_MS("a duration", " ms", " (milliseconds, or a number with a unit " + ConfigValues.DURATION_SUFFIXES
        + ")"),
    BYTES("a size", " bytes", " (bytes, or with a suffix such as 64k, 64m, 1g, 64mb)");

    private final String what;
    private final String unit;
    private final String forms;

    Kind(String what, String unit, String forms) {
      this.what = what;
      this.unit = unit;
      this.forms = forms;
    }

    long parse(String text) {
      switch (this) {
        case DURATION_MS:
          return ConfigValues.parseDuration(text, TimeUnit.MILLISECONDS);
        case BYTES:
          return ConfigValues.parseBytes(text);
        default:
          return Long.parseLong(text);
      }
    }
  }

  private final Kind kind;
  private final long min;
  private final long max;
  private final ConfigKey<Long> floor;

  WholeType(Kind kind, long min, long max, ConfigKey<Long> floor) {
    if (min > max) {
      throw new IllegalArgumentException("empty range " + min + ".." + max);
    }
    this.kind = kind;
    this.min = min;
    this.max = max;
    this.floor = floor;
  }

  WholeType withFloor(ConfigKey<Long> key) {
    return new WholeType(kind, min, max, key);
  }

  Kind kind() {
    return kind;
  }

  @Override
  public Long parse(String text) {
    try {
      return kind.parse(text);
    } catch (IllegalStateException e) { // StorageSize's parser reports some bad text this way
      throw new IllegalArgumentException(e);
    }
  }

  @Override
  public String allowed() {
    return range(min) + (floor == null ? "" : ", and at least `" + floor.name() + "`");
  }

  @Override
  public String unreadable(String text) {
    return "must be " + kind.what + (max == Long.MAX_VALUE ? " " : " in ") + range(min) + kind.forms + ", was '"
        + text + "'";
  }

  @Override
  public String outOfRange(Long value, String text, Configuration conf) {
    long lowest = floor == null ? min : Math.max(min, floor.valueOrDefault(conf));
    if (value >= lowest && value <= max) {
      return null;
    }
    return "must be " + (max == Long.MAX_VALUE ? "" : "in ") + range(lowest) + ", was " + text
        + (text.equals(Long.toString(value)) ? "" : " (" + value + kind.unit + ")");
  }

  @Override
  public boolean emptyIsUnset() {
    return true;
  }

  private String range(long lowest) {
    return (max == Long.MAX_VALUE ? ">= " + lowest : lowest + ".." + max) + kind.unit;
  }
}
