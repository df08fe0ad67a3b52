/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.StorageSize;
import org.apache.hadoop.conf.StorageUnit;
import org.apache.hadoop.util.StringUtils.TraditionalBinaryPrefix;

/**
 * Durations and sizes read the way Hadoop reads its own keys, so an operator can write {@code 3s} or {@code 64m}
 * in a ReplicaKit key as in {@code dfs.heartbeat.interval} or {@code dfs.blocksize}. A duration is a whole number
 * in the key's unit or with a {@link Configuration#getTimeDuration} suffix (ns, us, ms, s, m, h, d); a size is a
 * byte count, with a binary prefix ({@code 64m}, as {@link Configuration#getLongBytes}) or a
 * {@link Configuration#getStorageSize} unit ({@code 64mb}). The duration and size keys of {@link ConfigKey} read
 * their text here.
 */
public final class ConfigValues {

  public static final String DURATION_SUFFIXES = "ns, us, ms, s, m, h, d";

  private static final Pattern WHOLE = Pattern.compile("[+-]?\\d+");

  private ConfigValues() {}

  /**
   * {@code 250}, {@code 250ms}, {@code 3s}, {@code 2m}, ... in {@code unit}; a bare number is in {@code unit}.
   *
   * @throws IllegalArgumentException when the text is not a whole number with an optional suffix
   */
  public static long parseDuration(String text, TimeUnit unit) {
    long value = Parser.CONF.getTimeDurationHelper("", text, unit);
    if (!WHOLE.matcher(text.trim()).matches()) {
      // Hadoop truncates a finer suffix (999us in ms is 0, with only an INFO line): refuse what is not whole.
      long nanos = Parser.CONF.getTimeDurationHelper("", text, TimeUnit.NANOSECONDS);
      if (nanos != Long.MAX_VALUE && nanos != Long.MIN_VALUE && nanos != unit.toNanos(value)) {
        throw new IllegalArgumentException("not a whole number of " + unit.name().toLowerCase(Locale.ROOT) + ": "
            + text);
      }
    }
    return value;
  }

  /** {@code 65536}, {@code 64k}, {@code 64m}, {@code 1g} (binary prefixes) or {@code 64kb}, {@code 1gb}. */
  public static long parseBytes(String text) {
    try {
      return TraditionalBinaryPrefix.string2long(text);
    } catch (IllegalArgumentException e) {
      StorageSize size = StorageSize.parse(text.toLowerCase(Locale.ROOT));
      double bytes = StorageUnit.BYTES.fromBytes(size.getUnit().toBytes(size.getValue()));
      // 0x1p63 is 2^63, one past Long.MAX_VALUE: (double) Long.MAX_VALUE rounds to it, so > would let it pass.
      if (bytes != Math.rint(bytes) || bytes >= 0x1p63 || bytes < -0x1p63) {
        throw new IllegalArgumentException("not a whole number of bytes: " + text);
      }
      return (long) bytes;
    }
  }

  /** Hadoop's duration parser is a method of a configuration; an empty one, made when first needed. */
  private static final class Parser {
    static final Configuration CONF = new Configuration(false);
  }
}
