package io.replicakit.testbed.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Minimal {@code --name value} / {@code --name=value} / {@code --flag} parser for subcommands. Mistakes fail with
 * a message that names the option: an option the command does not take (listing the ones it takes), a missing
 * value, a number that is not one or is outside its allowed range. A flag takes no value or an explicit
 * {@code =true}/{@code =false}; {@code --flag=false} leaves it unset.
 */
public final class Args {

  private final Map<String, List<String>> options = new LinkedHashMap<>();
  private final List<String> positional = new ArrayList<>();

  private Args() {}

  /**
   * @param valued options that take a value
   * @param flags options without a value
   * @throws IllegalArgumentException naming the option and, for an unknown one, every accepted option
   */
  public static Args parse(List<String> args, List<String> valued, List<String> flags) {
    Args parsed = new Args();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      if (!arg.startsWith("--")) {
        parsed.positional.add(arg);
        continue;
      }
      String name = arg.substring(2);
      String value = null;
      int eq = name.indexOf('=');
      if (eq >= 0) {
        value = name.substring(eq + 1);
        name = name.substring(0, eq);
      }
      if (flags.contains(name)) {
        parsed.flag(name, value);
      } else if (valued.contains(name)) {
        if (value == null) {
          if (i + 1 >= args.size()) {
            throw new IllegalArgumentException("--" + name + " needs a value");
          }
          value = args.get(++i);
        }
        parsed.options.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
      } else {
        throw new IllegalArgumentException("unknown option --" + name + "; accepted: " + accepted(valued, flags));
      }
    }
    return parsed;
  }

  /** {@code --a, --b} or "none". */
  public static String accepted(List<String> valued, List<String> flags) {
    List<String> all = new ArrayList<>(valued);
    all.addAll(flags);
    return all.isEmpty() ? "none" : "--" + String.join(", --", all);
  }

  private void flag(String name, String value) {
    if (value == null || value.equalsIgnoreCase("true")) {
      options.computeIfAbsent(name, k -> new ArrayList<>()).add("true");
    } else if (value.equalsIgnoreCase("false")) {
      options.remove(name);
    } else {
      throw new IllegalArgumentException("--" + name + " is a flag: give it alone, or =true or =false, not '"
          + value + "'");
    }
  }

  public Optional<String> get(String name) {
    List<String> values = options.get(name);
    return values == null ? Optional.empty() : Optional.of(values.get(values.size() - 1));
  }

  public String get(String name, String dflt) {
    return get(name).orElse(dflt);
  }

  public List<String> all(String name) {
    return options.getOrDefault(name, List.of());
  }

  public boolean flag(String name) {
    return options.containsKey(name);
  }

  public List<String> positional() {
    return positional;
  }

  /**
   * The whole number given for {@code --name}, or {@code dflt}.
   *
   * @throws IllegalArgumentException naming the option and the range when it is no whole number or outside it
   */
  public long longValue(String name, long dflt, long min, long max) {
    Optional<String> raw = get(name);
    if (raw.isEmpty()) {
      return dflt;
    }
    long value;
    try {
      value = Long.parseLong(raw.get().trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + name + " must be a whole number in " + min + ".." + max
          + ", was '" + raw.get() + "'");
    }
    if (value < min || value > max) {
      throw new IllegalArgumentException("--" + name + " must be in " + min + ".." + max + ", was " + value);
    }
    return value;
  }

  /** {@link #longValue} for an int option. */
  public int intValue(String name, int dflt, int min, int max) {
    return (int) longValue(name, dflt, min, max);
  }

  /**
   * A number in {@code [min, max]}, for one item of an option's list.
   *
   * @throws IllegalArgumentException naming the option and the range
   */
  public static double number(String option, String text, double min, double max) {
    double value;
    try {
      value = Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--" + option + " takes numbers in " + min + ".." + max + ", was '"
          + text + "'");
    }
    if (!(value >= min && value <= max)) {
      throw new IllegalArgumentException("--" + option + " takes numbers in " + min + ".." + max + ", was "
          + text.trim());
    }
    return value;
  }
}
