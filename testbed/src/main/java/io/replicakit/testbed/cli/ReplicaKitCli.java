/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/** Entry point of {@code bin/replicakit}: dispatches to the subcommands found on the classpath. */
public final class ReplicaKitCli {

  /**
   * First argument of the question {@code bin/replicakit} asks before a {@code --processes} run: {@code --needs-netns
   * COMMAND ARGS...} prints {@code yes} when that run must start in a private network namespace (a shaped network)
   * and {@code no} when it must not, so that a cluster without one stays reachable from the machine.
   */
  static final String NEEDS_NETNS = "--needs-netns";

  private ReplicaKitCli() {}

  public static void main(String[] argv) {
    int code = run(List.of(argv), System.out, System.err);
    // TestDFSIO and Hadoop leave non-daemon threads behind; the command is done, so end the JVM.
    System.exit(code);
  }

  static int run(List<String> argv, PrintStream out, PrintStream err) {
    List<Command> commands = commands();
    if (!argv.isEmpty() && argv.get(0).equals(NEEDS_NETNS)) {
      out.println(needsNetworkNamespace(commands, argv.subList(1, argv.size())) ? "yes" : "no");
      return 0;
    }
    if (argv.isEmpty() || argv.get(0).equals("--help") || argv.get(0).equals("-h")
        || argv.get(0).equals("help")) {
      out.print(help(commands));
      return argv.isEmpty() ? 2 : 0;
    }
    Optional<Command> command = commands.stream().filter(c -> c.name().equals(argv.get(0))).findFirst();
    if (command.isEmpty()) {
      err.println("unknown command '" + argv.get(0) + "'");
      err.print(help(commands));
      return 2;
    }
    List<String> args = argv.subList(1, argv.size());
    if (args.contains("--help") || args.contains("-h")) {
      out.print(command.get().usage(args));
      return 0;
    }
    try {
      return command.get().run(args, out);
    } catch (IllegalArgumentException e) {
      err.println("replicakit " + command.get().name() + ": " + e.getMessage());
      return 2;
    } catch (Exception e) {
      err.println("replicakit " + command.get().name() + " failed: " + e);
      e.printStackTrace(err);
      return 1;
    }
  }

  /**
   * Whether the run {@code argv} (a command and its arguments) needs a private network namespace. Arguments the
   * command cannot parse answer {@code yes}, as the launcher did for every {@code --processes} run before it asked:
   * the run itself then reports them.
   */
  static boolean needsNetworkNamespace(List<Command> commands, List<String> argv) {
    if (argv.isEmpty()) {
      return false;
    }
    Optional<Command> command = commands.stream().filter(c -> c.name().equals(argv.get(0))).findFirst();
    List<String> args = argv.subList(1, argv.size());
    try {
      return command.isPresent() && command.get().needsNetworkNamespace(args);
    } catch (RuntimeException e) {
      return true;
    }
  }

  static List<Command> commands() {
    List<Command> commands = new ArrayList<>();
    ServiceLoader.load(Command.class).forEach(commands::add);
    commands.sort(Comparator.comparing(Command::name));
    return commands;
  }

  static String help(List<Command> commands) {
    StringBuilder sb = new StringBuilder("Usage: bin/replicakit COMMAND [OPTIONS]   (COMMAND --help for details)\n\n");
    sb.append("Commands:\n");
    commands.forEach(c -> sb.append(String.format("  %-12s %s%n", c.name(), c.summary())));
    return sb.toString();
  }
}
