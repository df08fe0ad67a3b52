/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/replicakit cluster}: starts a testbed cluster (embedded, or a JVM per daemon with {@code --processes})
 * and keeps it up for other tools.
 */
public final class ClusterCommand implements Command {

  private static final String INVOCATION = "bin/replicakit cluster";
  private static final String FOOTER = """

      Prints the layout (racks, nodes, storage types, capacities, emulated speeds, NameNode URI). Without --dir the
      cluster runs in a new temporary directory: its data is removed when it stops, its logs/ are kept.
      Point clients at the printed URI, e.g.
        hdfs dfs -fs hdfs://127.0.0.1:PORT -ls /
      With --processes and a spec with net.* links (paper, nine-nodes, ...), the cluster runs in a private network
      namespace and its URI (hdfs://10.241.0.1:PORT) is reachable from inside it only; the layout prints how to run
      a client there, e.g.
        nsenter --target PID --user --net --preserve-credentials hdfs dfs -fs hdfs://10.241.0.1:PORT -ls /
      Example:
        bin/replicakit cluster --spec paper \\
          --set dfs.block.replicator.classname=org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyRackFaultTolerant
      """;

  /** Where the Ctrl-C hook goes: the JVM's shutdown hooks; a test's list. */
  private final Consumer<Thread> shutdownHooks;

  public ClusterCommand() {
    this(Runtime.getRuntime()::addShutdownHook);
  }

  ClusterCommand(Consumer<Thread> shutdownHooks) {
    this.shutdownHooks = shutdownHooks;
  }

  /** The options. */
  static final class Options {
    @Mixin
    ClusterArgs cluster = new ClusterArgs();

    @Option(names = "--seconds", paramLabel = "N", defaultValue = "0",
        description = "stop after N seconds instead of waiting for Ctrl-C")
    long seconds;
  }

  @Override
  public String name() {
    return "cluster";
  }

  @Override
  public String summary() {
    return "start a multi-rack HDFS cluster from a spec (embedded or --processes) and keep it up until Ctrl-C";
  }

  @Override
  public String usage() {
    return Cli.usage(Cli.spec(INVOCATION, new Options()), FOOTER);
  }

  @Override
  public boolean needsNetworkNamespace(List<String> argv) {
    return Cli.parse(INVOCATION, new Options(), argv).cluster.needsNetworkNamespace();
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    Options args = Cli.parse(INVOCATION, new Options(), argv);
    long seconds = Cli.inRange("--seconds", args.seconds, 0, 365L * 24 * 3600);
    ClusterSpec spec = args.cluster.spec();
    ClusterOptions options = args.cluster.clusterOptions();
    out.println("Starting " + options.mode().label() + " cluster '" + spec.name() + "' (" + spec.dataNodes().size()
        + " DataNodes) in " + args.cluster.describeDir(options.baseDir()) + " ...");
    // Ctrl-C, from now on (a start takes up to minutes): stop the daemons, if any have started, and remove the
    // cluster's data as the normal end does.
    CountDownLatch stop = new CountDownLatch(1);
    shutdownHooks.accept(new Thread(() -> {
      stop.countDown();
      args.cluster.closeOnShutdown(out);
    }, "replicakit-cluster-shutdown"));
    Cluster cluster = args.cluster.start(spec, options, out);
    try {
      out.println(cluster.describe());
      awaitStop(stop, seconds, out);
    } finally {
      args.cluster.close(cluster, out);
    }
    out.println("Cluster stopped.");
    return 0;
  }

  /** Waits for Ctrl-C ({@code stop}), or {@code seconds} when not 0. */
  private static void awaitStop(CountDownLatch stop, long seconds, PrintStream out) throws InterruptedException {
    out.println(seconds > 0 ? "Up for " + seconds + " s." : "Up. Press Ctrl-C to stop.");
    out.flush();
    if (seconds > 0) {
      stop.await(seconds, TimeUnit.SECONDS);
    } else {
      stop.await();
    }
  }
}
