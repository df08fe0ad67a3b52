package io.replicakit.testbed.cli;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.Sizes;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeys;
import org.apache.hadoop.hdfs.HdfsConfiguration;

/**
 * {@code bin/replicakit dfsio}: runs Hadoop's TestDFSIO against an embedded testbed cluster (with the client
 * placed on a node or off-cluster) or against a real cluster, and prints its figures with the CPU the run
 * used, which is how the testbed's device speeds were checked against the machine (docs/testbed.md).
 */
public final class DfsioCommand implements Command {

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
    return """
        Usage: bin/replicakit dfsio [--fs URI | --spec NAME ...] [--op write|read|both] [--files N]
                                    [--size SIZE] [--storage-policy P] [--replication R] [--client NODE|off]
                                    [--maps N] [--base-dir HDFS_DIR] [--work DIR] [--processes]

          --fs              run against this file system (a real cluster) instead of an embedded one;
                            client settings come from HADOOP_CONF_DIR when the launcher has it
        %s
          --op              write, read (needs an earlier write with the same --base-dir) or both; default both
          --files           files, one map task each; default 4
          --size            bytes per file (k, m, g suffixes); default 64m
          --storage-policy  HDFS storage policy of the data, e.g. ALL_SSD, ONE_SSD, HOT
          --replication     replication factor of written files; default 3
          --client          embedded only: DataNode the client runs on, or off (default) for off-cluster
          --maps            map tasks run at once by the local job runner; default 1
          --base-dir        HDFS directory of TestDFSIO's files; default /benchmarks/TestDFSIO
          --work            local directory for result files; default a new temporary directory
        """.formatted(CliSupport.CLUSTER_USAGE);
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    List<String> valued = new ArrayList<>(CliSupport.CLUSTER_OPTIONS);
    valued.addAll(List.of("fs", "op", "files", "size", "storage-policy", "replication", "client", "maps",
        "base-dir", "work"));
    Args args = Args.parse(argv, valued, CliSupport.CLUSTER_FLAGS);
    DfsioRequest request = request(args);
    String op = args.get("op", "both");
    if (!List.of("write", "read", "both").contains(op)) {
      throw new IllegalArgumentException("--op must be write, read or both, was '" + op + "'");
    }
    Path work = args.get("work").map(Path::of).orElse(Files.createTempDirectory("replicakit-dfsio-"));
    if (args.get("fs").isPresent()) {
      Configuration conf = new HdfsConfiguration();
      conf.set(CommonConfigurationKeys.FS_DEFAULT_NAME_KEY, args.get("fs").get());
      return runOps(new DfsioRunner(conf, work), request, op, out);
    }
    ClusterSpec spec = CliSupport.spec(args, "small");
    ClientPlacement client = ClientPlacement.parse(args.get("client", "off"));
    try (Cluster cluster = Cluster.start(spec, CliSupport.clusterOptions(args))) {
      out.println(cluster.describe());
      out.println("Client: " + cluster.addressOf(client));
      return runOps(new DfsioRunner(cluster.clientConf(client), work), request, op, out);
    }
  }

  private static DfsioRequest request(Args args) {
    DfsioRequest request = DfsioRequest.of(DfsioRequest.Op.WRITE,
            args.intValue("files", 4, 1, 100_000), Sizes.parse(args.get("size", "64m")))
        .withReplication(args.intValue("replication", 3, 1, 512))
        .withParallelMaps(args.intValue("maps", 1, 1, 10_000))
        .withBaseDir(args.get("base-dir", DfsioRequest.DEFAULT_BASE_DIR));
    return args.get("storage-policy").map(request::withStoragePolicy).orElse(request);
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
    long cpu0 = cpuNanos();
    long wall0 = System.nanoTime();
    DfsioResult r = runner.run(request);
    double cores = (cpuNanos() - cpu0) / (double) (System.nanoTime() - wall0);
    return String.format(Locale.ROOT, "%-6s %6d %9.1f %12.2f %12.2f %10.2f %9.2f %9.2f",
        r.testType(), r.files(), r.totalMb(), r.throughputMbS(), r.averageIoRateMbS(), r.ioRateStdMbS(),
        r.execTimeS(), cores);
  }

  /** CPU time of this JVM plus that of its daemon processes still running. */
  private static long cpuNanos() {
    return io.replicakit.testbed.process.ProcessCpu.nanos();
  }
}
