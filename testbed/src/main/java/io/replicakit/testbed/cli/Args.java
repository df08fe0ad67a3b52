package io.replicakit.testbed.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Minimal {@code --name value} / {@code --flag} parser for subcommands; unknown options are an error that
 * names the allowed ones.
 */
public final class Args {

  private final Map<String, List<String>> options = new LinkedHashMap<>();
  private final List<String> positional = new ArrayList<>();

  private Args() {}

  /**
   * @param valued options that take a value
   * @param flags options without a value
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
        parsed.options.computeIfAbsent(name, k -> new ArrayList<>()).add("true");
      } else if (valued.contains(name)) {
        if (value == null) {
          if (i + 1 >= args.size()) {
            throw new IllegalArgumentException("--" + name + " needs a value");
          }
          value = args.get(++i);
        }
        parsed.options.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
      } else {
        List<String> all = new ArrayList<>(valued);
        all.addAll(flags);
        throw new IllegalArgumentException("unknown option --" + name + "; allowed: --" + String.join(", --", all));
      }
    }
    return parsed;
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
}
