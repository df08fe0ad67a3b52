/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.client;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What a client asks of Pfimbi for one file: {@code n} copies, of which the first {@code s} are written
 * synchronously in the pipeline and the rest in the background (thesis §4.1), as part of flow {@code flow} with
 * weight {@code weight} (§4.3). It travels as a short text, e.g. {@code n=3;s=1;flow=job1;weight=2.0}, in the
 * file's extended attribute, which is why it must parse strictly: a DataNode must never fail on a bad attribute,
 * and {@link #parse} reports any problem as an {@link InvalidPfimbiSpecException} naming the field.
 *
 * @param replication total copies, {@code s < n <= 32}
 * @param synchronous copies written in the pipeline, {@code 1 <= s < n} (at least one copy is in the background,
 *     otherwise the file needs no Pfimbi)
 * @param flow the flow (job) name, 1..64 of {@code A-Z a-z 0-9 . _ -}
 * @param weight the flow's share weight, in (0, 1e6]
 */
public record PfimbiSpec(int replication, int synchronous, String flow, double weight) {

  public static final int MAX_REPLICATION = 32;
  public static final double MAX_WEIGHT = 1e6;
  /** Longer text is rejected before parsing: the longest valid spec is far shorter. */
  public static final int MAX_ENCODED_LENGTH = 256;

  private static final Pattern FLOW = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final Pattern COUNT = Pattern.compile("[0-9]{1,9}");
  private static final Pattern DECIMAL = Pattern.compile("[0-9]{1,20}(\\.[0-9]{1,20})?([eE][-+]?[0-9]{1,3})?");

  public PfimbiSpec {
    if (replication < 2 || replication > MAX_REPLICATION) {
      throw new InvalidPfimbiSpecException("n", "n (replication) must be in 2.." + MAX_REPLICATION + ", was "
          + replication);
    }
    if (synchronous < 1 || synchronous >= replication) {
      throw new InvalidPfimbiSpecException("s", "s (synchronous copies) must be in 1.." + (replication - 1)
          + " (below n=" + replication + "), was " + synchronous);
    }
    if (flow == null || !FLOW.matcher(flow).matches()) {
      throw new InvalidPfimbiSpecException("flow", "flow must be 1..64 characters of [A-Za-z0-9._-], was "
          + quote(flow));
    }
    if (!(weight > 0 && weight <= MAX_WEIGHT)) {
      throw new InvalidPfimbiSpecException("weight", "weight must be a number in (0, " + (long) MAX_WEIGHT
          + "], was " + weight);
    }
  }

  /** Copies written in the background: {@code n - s}. */
  public int background() {
    return replication - synchronous;
  }

  /** The text form, which {@link #parse} reads back to an equal spec. */
  public String encode() {
    return "n=" + replication + ";s=" + synchronous + ";flow=" + flow + ";weight=" + weight;
  }

  /**
   * Reads the text form: the four fields {@code n}, {@code s}, {@code flow}, {@code weight}, each exactly once, in
   * any order, as {@code name=value} separated by {@code ;}; spaces around names and values are ignored.
   *
   * @throws InvalidPfimbiSpecException if the text is malformed or a value is out of range; nothing else
   */
  public static PfimbiSpec parse(String text) {
    if (text == null) {
      throw new InvalidPfimbiSpecException("spec", "spec must not be null");
    }
    if (text.length() > MAX_ENCODED_LENGTH) {
      throw new InvalidPfimbiSpecException("spec", "spec must be at most " + MAX_ENCODED_LENGTH
          + " characters, was " + text.length());
    }
    Map<String, String> fields = fields(text);
    return new PfimbiSpec(count(fields, "n"), count(fields, "s"), required(fields, "flow"), decimal(fields));
  }

  private static Map<String, String> fields(String text) {
    Map<String, String> fields = new HashMap<>();
    for (String part : text.split(";", -1)) {
      int eq = part.indexOf('=');
      if (eq < 0) {
        throw new InvalidPfimbiSpecException("spec", "spec must be name=value pairs separated by ';' "
            + "(e.g. n=3;s=1;flow=job1;weight=1.0), found " + quote(part));
      }
      String name = part.substring(0, eq).trim();
      if (!name.equals("n") && !name.equals("s") && !name.equals("flow") && !name.equals("weight")) {
        throw new InvalidPfimbiSpecException("spec", "spec fields are n, s, flow and weight, found "
            + quote(name));
      }
      if (fields.put(name, part.substring(eq + 1).trim()) != null) {
        throw new InvalidPfimbiSpecException(name, name + " must appear once, found twice");
      }
    }
    return fields;
  }

  private static String required(Map<String, String> fields, String name) {
    String value = fields.get(name);
    if (value == null) {
      throw new InvalidPfimbiSpecException(name, name + " is missing (spec needs n, s, flow and weight)");
    }
    return value;
  }

  private static int count(Map<String, String> fields, String name) {
    String value = required(fields, name);
    if (!COUNT.matcher(value).matches()) {
      throw new InvalidPfimbiSpecException(name, name + " must be a whole number, was " + quote(value));
    }
    return Integer.parseInt(value);
  }

  private static double decimal(Map<String, String> fields) {
    String value = required(fields, "weight");
    if (!DECIMAL.matcher(value).matches()) {
      throw new InvalidPfimbiSpecException("weight", "weight must be a decimal number in (0, " + (long) MAX_WEIGHT
          + "], was " + quote(value));
    }
    return Double.parseDouble(value);
  }

  private static String quote(String value) {
    if (value == null) {
      return "null";
    }
    String shown = value.length() > 40 ? value.substring(0, 40) + "..." : value;
    return "'" + shown + "'";
  }
}
