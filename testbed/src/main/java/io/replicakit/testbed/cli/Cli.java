/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The subcommands' argument parsing, with picocli: a command declares its options as annotated fields (type,
 * default, description), and this class parses the words into them and renders the usage text. Mistakes fail
 * with an {@link IllegalArgumentException} whose message names the option: one the command does not take
 * (listing those it takes), a value of the wrong type, a missing value. A flag takes no value or an explicit
 * {@code =true}/{@code =false}, and {@code --flag=false} means false. A single-valued option given twice keeps the
 * last value, as shell scripts that append overrides expect.
 */
public final class Cli {

  private static final int WIDTH = 110;

  private Cli() {}

  /**
   * The picocli model of {@code options} (its {@code @Option}, {@code @Parameters} and {@code @Mixin} fields),
   * named as the user types it, e.g. {@code bin/replicakit cluster}.
   */
  public static CommandSpec spec(String invocation, Object options) {
    CommandSpec spec = CommandSpec.forAnnotatedObject(options);
    spec.name(invocation);
    spec.usageMessage().width(WIDTH).sortOptions(false).abbreviateSynopsis(false);
    return spec;
  }

  /** Parses {@code args} into {@code options}' fields; returns {@code options}. */
  public static <T> T parse(String invocation, T options, List<String> args) {
    parse(spec(invocation, options), args);
    return options;
  }

  /**
   * Parses {@code args} into the fields of {@code spec}'s user object.
   *
   * @return which options the words gave, for a command whose options exclude one another
   * @throws IllegalArgumentException naming the option at fault, and for an unknown one every accepted option
   */
  public static CommandLine.ParseResult parse(CommandSpec spec, List<String> args) {
    CommandLine line = new CommandLine(spec);
    line.setOverwrittenOptionsAllowed(true);
    line.setCaseInsensitiveEnumValuesAllowed(true);
    try {
      return line.parseArgs(args.toArray(String[]::new));
    } catch (CommandLine.UnmatchedArgumentException e) {
      throw new IllegalArgumentException(unmatched(spec, e.getUnmatched()), e);
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  /** The usage text: synopsis, each option with its description, then {@code footer}. */
  public static String usage(CommandSpec spec, String footer) {
    if (!footer.isEmpty()) {
      spec.usageMessage().footer(footer.split("\n", -1));
    }
    return new CommandLine(spec).getUsageMessage(CommandLine.Help.Ansi.OFF);
  }

  /** {@code --a, --b} or "none": the options {@code spec} accepts, in declaration order. */
  public static String accepted(CommandSpec spec) {
    List<String> names = spec.options().stream().map(OptionSpec::longestName).collect(Collectors.toList());
    return names.isEmpty() ? "none" : String.join(", ", names);
  }

  /**
   * {@code value} when it lies in {@code [min, max]}.
   *
   * @throws IllegalArgumentException naming the option and the range
   */
  public static long inRange(String option, long value, long min, long max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(option + " must be in " + min + ".." + max + ", was " + value);
    }
    return value;
  }

  /** {@link #inRange(String, long, long, long)} for an int option. */
  public static int inRange(String option, int value, int min, int max) {
    return (int) inRange(option, (long) value, min, max);
  }

  /**
   * A number in {@code [min, max]}, for one item of an option's comma-separated list.
   *
   * @throws IllegalArgumentException naming the option and the range
   */
  public static double number(String option, String text, double min, double max) {
    double value;
    try {
      value = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " takes numbers in " + min + ".." + max + ", was '" + text + "'");
    }
    if (!(value >= min && value <= max)) {
      throw new IllegalArgumentException(option + " takes numbers in " + min + ".." + max + ", was " + text.trim());
    }
    return value;
  }

  /** The items of a comma-separated list, trimmed, empty ones dropped. */
  public static List<String> list(List<String> items) {
    return items.stream().flatMap(s -> java.util.Arrays.stream(s.split(","))).map(String::trim)
        .filter(s -> !s.isEmpty()).collect(Collectors.toList());
  }

  private static String unmatched(CommandSpec spec, List<String> words) {
    String first = words.isEmpty() ? "" : words.get(0);
    if (first.startsWith("-")) {
      int eq = first.indexOf('=');
      return "unknown option " + (eq > 0 ? first.substring(0, eq) : first) + "; accepted: " + accepted(spec);
    }
    return "unexpected argument '" + first + "'";
  }
}
