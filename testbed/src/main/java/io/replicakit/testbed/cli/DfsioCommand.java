/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cli;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.process.ProcessCpu;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.Sizes;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code bin/replicakit dfsio}: runs Hadoop's TestDFSIO against an embedded testbed cluster (with the client
 * placed on a node or off-cluster) or against a real cluster, and prints its figures with the CPU the run
 * used, which is how the testbed's device speeds were checked against the machine (docs/testbed.md).
 */
public final class DfsioCommand implements Command {

  private static final String INVOCATION = "bin/replicakit dfsio";
  /** The options that start or place a testbed cluster, which {@code --fs} (a real cluster) cannot take. */
  private static final List<String> CLUSTER_ONLY = List.of("--spec", "--spec-set", "--dir", "--set", "--processes",
      "--yarn", "--client");

  /** Where the Ctrl-C hook goes: the JVM's shutdown hooks; a test's list. */
  private final Consumer<Thread> shutdownHooks;

  public DfsioCommand() {
    this(Runtime.getRuntime()::addShutdownHook);
  }

  DfsioCommand(Consumer<Thread> shutdownHooks) {
    this.shutdownHooks = shutdownHooks;
  }

  @Override
  public String name() {
    return "dfsio";
  }

  @Override
  public String summary() {
    return "run TestDFSIO write/read on an embedded cluster or a real one (--fs) and print its figures";
  }

  @Override
  public String usage() {
    return Cli.usage(Cli.spec(INVOCATION, new Options()), "");
  }

  /** The options. */
  static final class Options {
    @Option(names = "--fs", paramLabel = "URI", description = "run against this file system (a real cluster) instead"
        + " of an embedded one; client settings come from HADOOP_CONF_DIR when the launcher has it; refused with the"
        + " testbed cluster's options (--spec, --spec-set, --dir, --set, --processes, --yarn, --client)")
    String fs;

    @Mixin
    ClusterArgs cluster = new ClusterArgs();

    @Option(names = "--op", paramLabel = "write|read|both", defaultValue = "both",
        description = "write, read (needs an earlier write with the same --base-dir) or both; default ${DEFAULT-VALUE}")
    String op;

    @Option(names = "--files", paramLabel = "N", defaultValue = "4",
        description = "files, one map task each; default ${DEFAULT-VALUE}")
    int files;

    @Option(names = "--size", paramLabel = "SIZE", defaultValue = "64m",
        description = "bytes per file (k, m, g suffixes); default ${DEFAULT-VALUE}")
    String size;

    @Option(names = "--storage-policy", paramLabel = "P",
        description = "HDFS storage policy of the data, e.g. ALL_SSD, ONE_SSD, HOT")
    String storagePolicy;

    @Option(names = "--replication", paramLabel = "R", defaultValue = "3",
        description = "replication factor of written files; default ${DEFAULT-VALUE}")
    int replication;

    @Option(names = "--client", paramLabel = "NODE|off", defaultValue = "off",
        description = "embedded only: DataNode the client runs on, or off (default) for off-cluster")
    String client;

    @Option(names = "--yarn", description = "with --processes: also run YARN (a ResourceManager, a NodeManager per"
        + " DataNode) and submit TestDFSIO to it, so its maps run on the nodes (--client and --maps then unused)")
    boolean yarn;

    @Option(names = "--maps", paramLabel = "N", defaultValue = "1",
        description = "map tasks run at once by the local job runner; default ${DEFAULT-VALUE}")
    int maps;

    @Option(names = "--base-dir", paramLabel = "HDFS_DIR", defaultValue = DfsioRequest.DEFAULT_BASE_DIR,
        description = "HDFS directory of TestDFSIO's files; default ${DEFAULT-VALUE}")
    String baseDir;

    @Option(names = "--work", paramLabel = "DIR",
        description = "local directory for result files; default a new temporary directory")
    Path work;
  }

  @Override
  public boolean needsNetworkNamespace(List<String> argv) {
    Options args = Cli.parse(INVOCATION, new Options(), argv);
    return args.fs == null && args.cluster.needsNetworkNamespace();
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    CommandSpec cli = Cli.spec(INVOCATION, new Options());
    CommandLine.ParseResult parsed = Cli.parse(cli, argv);
    Options args = (Options) cli.userObject();
    if (args.fs != null) {
      refuseClusterOptions(parsed);
    }
    DfsioRequest request = request(args);
    if (!List.of("write", "read", "both").contains(args.op)) {
      throw new IllegalArgumentException("--op must be write, read or both, was '" + args.op + "'");
    }
    boolean temporaryWork = args.work == null;
    Path work = temporaryWork ? Files.createTempDirectory("replicakit-dfsio-") : args.work;
    try {
      return run(args, request, work, out);
    } finally {
      // TestDFSIO's result files and the local job runner's scratch space; the figures are printed. A directory
      // that cannot be removed is said, not thrown: it must not hide the run's own outcome.
      if (temporaryWork) {
        try {
          TemporaryDirs.remove(work);
        } catch (IOException e) {
          out.println("Could not remove " + work + ": " + e.getMessage());
        }
      }
    }
  }

  private int run(Options args, DfsioRequest request, Path work, PrintStream out) throws Exception {
    if (args.fs != null) {
      Configuration conf = new HdfsConfiguration();
      conf.set(CommonConfigurationKeys.FS_DEFAULT_NAME_KEY, args.fs);
      return runOps(new DfsioRunner(conf, work), request, args.op, out);
    }
    ClusterSpec spec = args.cluster.spec();
    ClientPlacement client = ClientPlacement.parse(args.client);
    if (args.yarn && !args.cluster.processes.processes) {
      throw new IllegalArgumentException("--yarn needs --processes (the embedded cluster runs the local job runner)");
    }
    ClusterOptions options = args.cluster.clusterOptions();
    out.println("Starting " + options.mode().label() + " cluster '" + spec.name() + "' (" + spec.dataNodes().size()
        + " DataNodes) in " + args.cluster.describeDir(options.baseDir()) + " ...");
    // Ctrl-C, from now on (a start takes up to minutes): stop the daemons, if any have started, and remove the
    // cluster's data as the normal end does.
    shutdownHooks.accept(new Thread(() -> args.cluster.closeOnShutdown(out), "replicakit-dfsio-shutdown"));
    Cluster cluster = args.cluster.start(spec, args.yarn ? options.withYarn() : options, out);
    try {
      out.println(cluster.describe());
      out.println("Client: " + (args.yarn ? "YARN (maps on the NodeManagers)" : cluster.addressOf(client)));
      return runOps(args.yarn ? cluster.dfsioOnNodes(work) : cluster.dfsio(client, work), request, args.op, out);
    } finally {
      args.cluster.close(cluster, out);
    }
  }

  /**
   * Fails when {@code --fs} comes with an option that starts or places a testbed cluster: against a real cluster they
   * would be ignored, and a run that silently is not what was asked for (no {@code --processes}, no {@code --yarn})
   * is worse than none.
   *
   * @throws IllegalArgumentException naming the options given
   */
  private static void refuseClusterOptions(CommandLine.ParseResult parsed) {
    List<String> given = CLUSTER_ONLY.stream().filter(parsed::hasMatchedOption).toList();
    if (!given.isEmpty()) {
      throw new IllegalArgumentException("--fs runs TestDFSIO against an existing cluster; " + String.join(", ", given)
          + (given.size() == 1 ? " belongs" : " belong") + " to a testbed cluster this command would start, so "
          + (given.size() == 1 ? "it does" : "they do") + " not apply: drop " + (given.size() == 1 ? "it" : "them")
          + " or --fs");
    }
  }

  private static DfsioRequest request(Options args) {
    DfsioRequest request = DfsioRequest.of(DfsioRequest.Op.WRITE,
            Cli.inRange("--files", args.files, 1, 100_000), Sizes.parse(args.size))
        .withReplication(Cli.inRange("--replication", args.replication, 1, 512))
        .withParallelMaps(Cli.inRange("--maps", args.maps, 1, 10_000))
        .withBaseDir(args.baseDir);
    return args.storagePolicy != null ? request.withStoragePolicy(args.storagePolicy) : request;
  }

  private static int runOps(DfsioRunner runner, DfsioRequest request, String op, PrintStream out)
      throws Exception {
    List<String> rows = new ArrayList<>();
    rows.add(String.format(Locale.ROOT, "%-6s %6s %9s %12s %12s %10s %9s %9s",
        "op", "files", "MiB", "thru MiB/s", "avg IO MiB/s", "IO std", "exec s", "CPU cores"));
    if (!op.equals("read")) {
      rows.add(measure(runner, request.withOp(DfsioRequest.Op.WRITE)));
    }
    if (!op.equals("write")) {
      rows.add(measure(runner, request.withOp(DfsioRequest.Op.READ)));
    }
    rows.forEach(out::println);
    return 0;
  }

  /**
   * Runs one job and formats its row, with the average number of cores this JVM and the daemon processes it
   * started (with {@code --processes}) kept busy meanwhile.
   */
  private static String measure(DfsioRunner runner, DfsioRequest request) throws Exception {
    long cpu0 = ProcessCpu.nanos();
    long wall0 = System.nanoTime();
    DfsioResult r = runner.run(request);
    double cores = (ProcessCpu.nanos() - cpu0) / (double) (System.nanoTime() - wall0);
    return String.format(Locale.ROOT, "%-6s %6d %9.1f %12.2f %12.2f %10.2f %9.2f %9.2f",
        r.testType(), r.files(), r.totalMb(), r.throughputMbS(), r.averageIoRateMbS(), r.ioRateStdMbS(),
        r.execTimeS(), cores);
  }
}
