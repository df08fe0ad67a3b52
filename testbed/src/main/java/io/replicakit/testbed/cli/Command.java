/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import java.io.PrintStream;
import java.util.List;

/**
 * A subcommand of {@code bin/replicakit}. Modules contribute theirs through {@link java.util.ServiceLoader}
 * ({@code META-INF/services/io.replicakit.testbed.cli.Command}), so the launcher grows with the modules on its
 * classpath. Commands declare their options as picocli-annotated fields and parse them with {@link Cli}.
 */
public interface Command {

  String name();

  /** One line for {@code --help}. */
  String summary();

  /** Full usage text for {@code bin/replicakit NAME --help}. */
  String usage();

  /**
   * Usage text for {@code bin/replicakit NAME ARGS --help}: a command with parts (an experiment) may answer for the
   * part named in {@code args}; by default the whole {@link #usage()}.
   */
  default String usage(List<String> args) {
    return usage();
  }

  /**
   * Whether this run must start inside a private network namespace ({@code bin/netns-run}); {@code bin/replicakit}
   * asks before it runs the command ({@code ReplicaKitCli --needs-netns}). Only a multi-process cluster whose spec
   * shapes its links needs one, and a cluster started inside one is reachable from that namespace alone, so a
   * command that knows its cluster answers exactly. By default any run with {@code --processes}: an experiment may
   * choose a shaped spec in code, and its clients run in the same namespace as its cluster.
   */
  default boolean needsNetworkNamespace(List<String> args) {
    return args.contains("--processes");
  }

  /** Runs the command; returns the process exit code. */
  int run(List<String> args, PrintStream out) throws Exception;
}
