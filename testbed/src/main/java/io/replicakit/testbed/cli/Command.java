package io.replicakit.testbed.cli;

import java.io.PrintStream;
import java.util.List;

/**
 * A subcommand of {@code bin/replicakit}. Modules contribute theirs through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/io.replicakit.testbed.cli.Command}), so the launcher grows with the modules on its
 * classpath.
 */
public interface Command {

  String name();

  /** One line for {@code --help}. */
  String summary();

  /** Full usage text for {@code bin/replicakit NAME --help}. */
  String usage();

  /** Runs the command; returns the process exit code. */
  int run(List<String> args, PrintStream out) throws Exception;
}
