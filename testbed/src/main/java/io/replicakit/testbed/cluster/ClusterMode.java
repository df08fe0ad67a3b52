/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import java.util.Locale;

/** How a cluster's daemons run. */
public enum ClusterMode {

  /** MiniDFSCluster: the NameNode and every DataNode inside the experiment's JVM (the default). */
  EMBEDDED,

  /**
   * Each daemon its own JVM, started from its real main class with a generated configuration directory and the
   * installable jar on its class path, as {@code hdfs namenode} and {@code hdfs datanode} would start it.
   */
  PROCESSES;

  /** The name results and reports record ({@code embedded}, {@code processes}). */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
