/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.process;

import java.util.List;

/**
 * The last step before a daemon's JVM is started: receives the command line {@link DaemonCommand} built and
 * returns the one to run. The default runs it as is; a launcher that gives each node its own network namespace
 * prefixes it (for example {@code ip netns exec ns-dn01}), without anything else in the cluster changing.
 */
@FunctionalInterface
public interface NodeLauncher {

  /**
   * @param daemon the daemon being started (its node's name, address and rack)
   * @param command the JVM's command line: the java executable, its options, main class and arguments
   * @return the command to execute
   */
  List<String> command(DaemonId daemon, List<String> command);

  /** Runs every daemon's command unchanged, on this machine's own network stack. */
  static NodeLauncher direct() {
    return (daemon, command) -> command;
  }
}
