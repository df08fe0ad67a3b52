/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.SpecParser;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of the commands that start a testbed cluster ({@code --spec}, {@code --spec-set}, {@code --dir},
 * {@code --set}, {@code --processes}), as a picocli mixin: a command includes it with {@code @Mixin}.
 */
public final class ClusterArgs {

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "small",
      description = "named spec (paper, one-ssd, small, six-disks, six-disks-lowmem, ssd-split, nine-nodes,"
          + " nine-nodes-switch, one-ssd-two-racks) or a .properties spec file; "
          + "default ${DEFAULT-VALUE}")
  String spec;

  @Option(names = "--spec-set", paramLabel = "FIELD=VALUE",
      description = "override of a spec field (repeatable), e.g. --spec-set device.mibps.ssd=80")
  Map<String, String> specSettings = new LinkedHashMap<>();

  @Option(names = "--dir", paramLabel = "DIR",
      description = "directory for the cluster's storage: new, empty, or one a testbed cluster used before (it holds"
          + " the marker file .replicakit-cluster; any other is refused); default a new temporary directory")
  Path dir;

  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "extra HDFS setting for the NameNode and DataNodes (repeatable)")
  Map<String, String> settings = new LinkedHashMap<>();

  @Mixin
  ProcessesOption processes = new ProcessesOption();

  /** The directory {@link #clusterOptions} created (no {@code --dir}); null when the user named one. */
  /** How long Ctrl-C's hook waits for a start under way to end. */
  static final long START_END_WAIT_SECONDS = 60;

  private Path created;
  private boolean closed;
  /** A start under way: Ctrl-C's hook waits for it to end before removing anything ({@link #closeOnShutdown}). */
  private volatile boolean starting;
  private final CountDownLatch startEnded = new CountDownLatch(1);
  private volatile Cluster startedCluster;

  /** The spec named by {@code --spec} with the {@code --spec-set} overrides applied. */
  public ClusterSpec spec() {
    Properties props = ClusterSpecs.properties(spec);
    specSettings.forEach((k, v) -> props.setProperty(k.trim(), v.trim()));
    return SpecParser.parse(props, spec);
  }

  /**
   * Whether the cluster needs a private network namespace: only with {@code --processes} and a spec with
   * {@code net.*} links to shape; an embedded cluster ignores them.
   */
  public boolean needsNetworkNamespace() {
    return processes.processes && spec().network().enabled();
  }

  /**
   * Cluster options from {@code --dir}, {@code --set} and {@code --processes}; without {@code --dir}, in a new
   * temporary directory whose data {@link #close} removes.
   */
  public ClusterOptions clusterOptions() throws IOException {
    if (dir == null && created == null) {
      created = Files.createTempDirectory("replicakit-cluster-");
    }
    ClusterOptions options = ClusterOptions.in(dir != null ? dir : created).withMode(processes.mode());
    for (Map.Entry<String, String> e : settings.entrySet()) {
      options = options.with(e.getKey().trim(), e.getValue().trim());
    }
    return options;
  }

  /** Starts the cluster; a start that fails {@link #close}s (the temporary directory removed) before it is thrown. */
  public Cluster start(ClusterSpec clusterSpec, ClusterOptions options, PrintStream out) throws IOException {
    return start(() -> Cluster.start(clusterSpec, options), out);
  }

  /** What starts the cluster, for {@link #start(ClusterSpec, ClusterOptions, PrintStream)} and its tests. */
  @FunctionalInterface
  interface Starter {
    Cluster start() throws IOException;
  }

  Cluster start(Starter starter, PrintStream out) throws IOException {
    starting = true;
    try {
      Cluster cluster = starter.start();
      startedCluster = cluster;
      return cluster;
    } catch (IOException | RuntimeException e) {
      close(null, out);
      throw e;
    } finally {
      startEnded.countDown();
    }
  }

  /**
   * For Ctrl-C's shutdown hook: when a start is under way, waits for it to end (at most
   * {@link #START_END_WAIT_SECONDS}; the testbed's reaper kills the daemons it started, so it fails fast), then
   * closes what started and removes the cluster's data. Deleting the directory while the start still writes into it
   * and spawns daemons left parts of it behind and could not stop what it had not yet seen (until session 54).
   */
  public void closeOnShutdown(PrintStream out) {
    if (starting) {
      try {
        if (!startEnded.await(START_END_WAIT_SECONDS, TimeUnit.SECONDS)) {
          out.println("The cluster's start did not end within " + START_END_WAIT_SECONDS + " s of the interrupt");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    close(startedCluster, out);
  }

  /** What the start-up line says of the directory: whether it outlives the cluster. */
  public String describeDir(Path baseDir) {
    return created == null ? baseDir.toString() : baseDir + " (temporary: its data is removed when the cluster"
        + " stops, its " + TemporaryDirs.LOGS + "/ kept)";
  }

  /**
   * Closes {@code cluster} (null when it did not start, or has not yet) and, when {@link #clusterOptions} created its
   * directory, removes the cluster's data there but keeps its logs, saying so on {@code out}. Synchronized: Ctrl-C's
   * shutdown hook and the command's own path both call it, and the second waits until the first is done, so that
   * nothing is deleted under daemons still stopping and the command does not end before the removal has. The
   * directory is removed once; a cluster is closed by every call that passes one (closing is idempotent), so a
   * cluster whose start ended after a Ctrl-C during it is still stopped.
   */
  public synchronized void close(Cluster cluster, PrintStream out) {
    if (cluster != null) {
      cluster.close();
    }
    if (closed) {
      return;
    }
    closed = true;
    if (created != null) {
      try {
        out.println(TemporaryDirs.removeKeepingLogs(created));
      } catch (IOException e) {
        out.println("Could not remove the cluster's data: " + e.getMessage());
      }
    }
  }
}
