/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import org.apache.hadoop.conf.Configuration;

/**
 * How the text of a {@link ConfigKey} becomes a value and which values are allowed. The built-in types are
 * {@link ConfigKey}'s factories; a module writes its own only for a value with a structure of its own (a list
 * of weights, of volumes).
 *
 * @param <T> the value's Java type
 */
public interface ValueType<T> {

  /**
   * The value of trimmed, non-empty text.
   *
   * @throws IllegalArgumentException when the text is no value of this type (its message is not shown)
   */
  T parse(String text);

  /** The values allowed, as the documentation shows them: {@code 1..64}, {@code true or false}. */
  String allowed();

  /**
   * Why the text cannot be read, as it follows the key's name in a problem: {@code must be a whole number in
   * 1..64, was 'x'}.
   */
  default String unreadable(String text) {
    return "must be " + allowed() + ", was '" + text + "'";
  }

  /**
   * Why a value that was read is not allowed, following the key's name, or null when it is.
   *
   * @param text what was configured
   * @param conf the configuration, for a bound that follows another key
   */
  default String outOfRange(T value, String text, Configuration conf) {
    return null;
  }

  /** The text that reads as {@code value}: a default in the reference, a value set by code. */
  default String format(T value) {
    return String.valueOf(value);
  }

  /** Whether empty text means "unset" (numbers) rather than a value to check (names, lists, booleans). */
  default boolean emptyIsUnset() {
    return false;
  }
}
