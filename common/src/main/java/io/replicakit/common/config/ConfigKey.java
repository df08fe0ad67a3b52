/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.config;

import io.replicakit.common.storage.Throughput;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;

/**
 * One configuration key, declared once: its name, default, unit, allowed values and what it is for. The same
 * declaration reads the key ({@link #get}), checks it ({@link #check}, naming the key and the allowed values),
 * and documents it ({@link #describe}, the generated {@code replicakit-default.xml} and the tables of
 * docs/configuration.md, by {@link ConfigReference}), so that code, messages and documentation cannot disagree.
 *
 * <p>Keys are made by the typed factories ({@link #durationMs}, {@link #whole}, {@link #address}, ...) and
 * completed with {@link #doc}, {@link #unit} and {@link #readBy}; each returns a new key. Numbers treat an empty
 * value as unset; for names, lists and booleans an empty value is a value, and is checked.
 *
 * @param <T> the type of the key's value
 */
public final class ConfigKey<T> {

  /** What only documentation needs: unit, meaning, which daemon reads the key, and a default in words. */
  private record Notes(String unit, String doc, String readBy, String defaultDoc) {}

  /** A value read, or why it could not be. */
  private record Reading<T>(T value, String problem) {}

  private final String name;
  private final ValueType<T> type;
  /** The default as the key's text (what replicakit-default.xml holds); null: none, or {@link #defaultFrom}. */
  private final String defaultText;
  /** The default when it follows other settings; null otherwise. */
  private final Function<Configuration, T> defaultFrom;
  private final Notes notes;

  private ConfigKey(String name, ValueType<T> type, String defaultText, Function<Configuration, T> defaultFrom,
      Notes notes) {
    this.name = Objects.requireNonNull(name, "name");
    this.type = Objects.requireNonNull(type, "type");
    this.defaultText = defaultText;
    this.defaultFrom = defaultFrom;
    this.notes = notes;
  }

  /** A key of a type of the module's own; {@code def} null for a key without a default. */
  public static <T> ConfigKey<T> of(String name, T def, ValueType<T> type) {
    return new ConfigKey<>(name, type, def == null ? null : type.format(def), null, new Notes("", "", "", null));
  }

  /** A whole number in {@code min..max} ({@link Long#MAX_VALUE}: no upper bound). */
  public static ConfigKey<Long> whole(String name, long def, long min, long max) {
    return of(name, def, new WholeType(WholeType.Kind.COUNT, min, max, null));
  }

  /** A duration in milliseconds, {@code min..max}; Hadoop's suffixes ({@code 3s}, {@code 10m}) allowed. */
  public static ConfigKey<Long> durationMs(String name, long def, long min, long max) {
    return of(name, def, new WholeType(WholeType.Kind.DURATION_MS, min, max, null)).unit("ms");
  }

  /** A size in bytes, {@code min..max}; Hadoop's prefixes and units ({@code 64m}, {@code 512mb}) allowed. */
  public static ConfigKey<Long> bytes(String name, long def, long min, long max) {
    return of(name, def, new WholeType(WholeType.Kind.BYTES, min, max, null)).unit("bytes");
  }

  /** A number in {@code min..max}, both included. */
  public static ConfigKey<Double> number(String name, double def, double min, double max) {
    return of(name, def, new NumberType(min, true, max, true));
  }

  /** A finite number {@code > 0}; {@code def} NaN for a key without a default. */
  public static ConfigKey<Double> positive(String name, double def) {
    return of(name, Double.isNaN(def) ? null : def, new NumberType(0, false, Double.POSITIVE_INFINITY, false));
  }

  /** A finite number {@code >= min}. */
  public static ConfigKey<Double> atLeast(String name, double def, double min) {
    return of(name, def, new NumberType(min, true, Double.POSITIVE_INFINITY, false));
  }

  /** A fraction in (0, 1]. */
  public static ConfigKey<Double> fraction(String name, double def) {
    return of(name, def, new NumberType(0, false, 1, true));
  }

  /**
   * The least throughput a {@link #throughput} key takes, in its unit: no device is slower, and a speed near 0
   * makes a block's transfer time overflow the arithmetic that schedules it.
   */
  public static final double MIN_THROUGHPUT = 0.01;

  /** A throughput of at least {@link #MIN_THROUGHPUT}, written as a number of {@code unit}s per second. */
  public static ConfigKey<Throughput> throughput(String name, Throughput def, Throughput.Unit unit) {
    return of(name, def, SimpleTypes.throughput(unit, new NumberType(MIN_THROUGHPUT, true,
        Double.POSITIVE_INFINITY, false))).unit(unit.symbol());
  }

  /** 0 (none), or a throughput of at least {@link #MIN_THROUGHPUT}, written as a number of {@code unit}s per second. */
  public static ConfigKey<Throughput> throughputOrZero(String name, Throughput def, Throughput.Unit unit) {
    return of(name, def, SimpleTypes.throughputOrZero(unit, new NumberType(MIN_THROUGHPUT, true,
        Double.POSITIVE_INFINITY, false))).unit(unit.symbol());
  }

  /** {@code true} or {@code false}. */
  public static ConfigKey<Boolean> bool(String name, boolean def) {
    return of(name, def, SimpleTypes.bool()).unit("boolean");
  }

  /** One of an enum's constants, by lower-case name. */
  public static <E extends Enum<E>> ConfigKey<E> choice(String name, E def) {
    return of(name, def, SimpleTypes.choice(def.getDeclaringClass())).unit("name");
  }

  /** {@code host:port} with a port in {@code minPort..65535} (0: any free port). */
  public static ConfigKey<InetSocketAddress> address(String name, String def, int minPort) {
    return new ConfigKey<>(name, SimpleTypes.address(minPort), def, null, new Notes("host:port", "", "", null));
  }

  /** Text that {@code ok} accepts; {@code allowed} says which, for the docs and the problems. */
  public static ConfigKey<String> string(String name, String def, String allowed, Predicate<String> ok) {
    return of(name, def, SimpleTypes.text(allowed, ok));
  }

  public ConfigKey<T> doc(String doc) {
    return withNotes(new Notes(notes.unit, doc, notes.readBy, notes.defaultDoc));
  }

  public ConfigKey<T> unit(String unit) {
    return withNotes(new Notes(unit, notes.doc, notes.readBy, notes.defaultDoc));
  }

  /** Which daemon reads the key: {@code NameNode}, {@code DataNode}, {@code both}. */
  public ConfigKey<T> readBy(String daemon) {
    return withNotes(new Notes(notes.unit, notes.doc, daemon, notes.defaultDoc));
  }

  /** The default in words, for a key whose unset value is not a literal (e.g. "(set per DataNode)"). */
  public ConfigKey<T> defaultDoc(String words) {
    return withNotes(new Notes(notes.unit, notes.doc, notes.readBy, words));
  }

  /** This key with a default computed from other settings, described by {@code words} in the docs. */
  public ConfigKey<T> defaultFrom(Function<Configuration, T> from, String words) {
    return new ConfigKey<>(name, type, null, from, new Notes(notes.unit, notes.doc, notes.readBy, words));
  }

  /**
   * This numeric key with its lower bound raised to {@code other}'s value (its default when {@code other} is
   * invalid): a maximum that must not be below a configured minimum.
   */
  @SuppressWarnings("unchecked")
  public ConfigKey<T> atLeast(ConfigKey<T> other) {
    if (other.defaultText == null && other.defaultFrom == null) {
      throw new IllegalArgumentException(name + " cannot follow " + other.name + ", which has no default");
    }
    ValueType<T> bounded;
    if (type instanceof WholeType whole) {
      bounded = (ValueType<T>) whole.withFloor((ConfigKey<Long>) other);
    } else if (type instanceof NumberType number) {
      bounded = (ValueType<T>) number.withFloor((ConfigKey<Double>) other);
    } else {
      throw new UnsupportedOperationException(name + " is not a number");
    }
    return new ConfigKey<>(name, bounded, defaultText, defaultFrom, notes);
  }

  private ConfigKey<T> withNotes(Notes changed) {
    return new ConfigKey<>(name, type, defaultText, defaultFrom, changed);
  }

  public String name() {
    return name;
  }

  public String unit() {
    return notes.unit;
  }

  public String doc() {
    return notes.doc;
  }

  /** Which daemon reads the key; empty when that is not worth saying (one reader). */
  public String readBy() {
    return notes.readBy;
  }

  /** The values allowed, as the docs show them ({@code 10..60000 ms}, {@code one of [fifo, lifo]}). */
  public String allowed() {
    return type.allowed();
  }

  /** The default as the key's text, as an operator would write it; empty when there is no literal default. */
  public Optional<String> literalDefault() {
    return Optional.ofNullable(defaultText);
  }

  /** The default in words when it is not a literal (follows another setting, must be set, has a meaning). */
  public Optional<String> defaultInWords() {
    return Optional.ofNullable(notes.defaultDoc);
  }

  /** The text that sets this key to {@code value} (e.g. a throughput in the key's unit). */
  public String text(T value) {
    return type.format(value);
  }

  /** Sets this key to {@code value} in {@code conf}. */
  public void set(Configuration conf, T value) {
    conf.set(name, text(value));
  }

  /**
   * The key's value in {@code conf}: its default when unset (null for a key without one).
   *
   * @throws IllegalArgumentException naming the key and the allowed values when the value is not allowed
   */
  public T get(Configuration conf) {
    Reading<T> reading = read(conf);
    if (reading.problem != null) {
      throw new IllegalArgumentException(reading.problem);
    }
    return reading.value;
  }

  /** What is wrong with the key's value in {@code conf}, defaults included, naming the key and allowed values. */
  public Optional<String> problem(Configuration conf) {
    return Optional.ofNullable(read(conf).problem);
  }

  /** Adds the key's problem in {@code conf}, if any, to {@code problems}; true when there was none. */
  public boolean check(Configuration conf, List<String> problems) {
    Optional<String> problem = problem(conf);
    problem.ifPresent(problems::add);
    return problem.isEmpty();
  }

  /** The value in {@code conf} when it is allowed, else the default: a bound for another key. */
  T valueOrDefault(Configuration conf) {
    Reading<T> reading = read(conf);
    if (reading.problem == null) {
      return reading.value;
    }
    return defaultFrom != null ? defaultFrom.apply(conf) : type.parse(defaultText);
  }

  /** One line: name, meaning, unit, default, allowed values and reader. */
  public String describe() {
    StringBuilder sb = new StringBuilder(name).append(": ").append(notes.doc);
    if (!notes.unit.isEmpty()) {
      sb.append(" Unit: ").append(notes.unit).append('.');
    }
    sb.append(" Default: ").append(defaultInWords().or(this::literalDefault).map(d -> d.isEmpty() ? "(empty)" : d)
        .orElse("(none)")).append('.');
    sb.append(" Allowed: ").append(allowed()).append('.');
    if (!notes.readBy.isEmpty()) {
      sb.append(" Read by: ").append(notes.readBy).append('.');
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return name;
  }

  private Reading<T> read(Configuration conf) {
    String text = conf.getTrimmed(name);
    if (text == null || (text.isEmpty() && type.emptyIsUnset())) {
      if (defaultFrom != null) {
        T value = defaultFrom.apply(conf);
        return inRange(value, type.format(value), conf);
      }
      if (defaultText == null) {
        return new Reading<>(null, null);
      }
      text = defaultText;
    }
    T value;
    try {
      value = type.parse(text);
    } catch (IllegalArgumentException e) {
      return new Reading<>(null, name + " " + type.unreadable(text));
    }
    return inRange(value, text, conf);
  }

  private Reading<T> inRange(T value, String text, Configuration conf) {
    String problem = type.outOfRange(value, text, conf);
    return problem == null ? new Reading<>(value, null) : new Reading<>(null, name + " " + problem);
  }
}
