/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import io.replicakit.testbed.cluster.ClusterMode;
import picocli.CommandLine.Option;

/**
 * The {@code --processes} flag of every command and experiment that starts a testbed cluster, as a picocli mixin,
 * declared once so that {@code cluster}, {@code dfsio} and the experiments document and parse it alike.
 */
public final class ProcessesOption {

  @Option(names = "--processes",
      description = "run the NameNode and each DataNode as its own JVM from the installable jar (real daemons, "
          + "logs in the cluster directory's logs/) instead of all in this JVM; a spec's net.* links are shaped"
          + " only in this mode, each host in a network namespace of its own; see docs/testbed.md")
  boolean processes;

  /** {@code --processes}: a JVM per daemon; otherwise the embedded cluster. */
  public ClusterMode mode() {
    return processes ? ClusterMode.PROCESSES : ClusterMode.EMBEDDED;
  }
}
