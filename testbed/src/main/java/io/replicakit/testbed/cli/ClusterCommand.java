package io.replicakit.testbed.cli;

import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** {@code bin/replicakit cluster}: starts an embedded testbed cluster and keeps it up for other tools. */
public final class ClusterCommand implements Command {

  @Override
  public String name() {
    return "cluster";
  }

  @Override
  public String summary() {
    return "start an embedded multi-rack HDFS cluster from a spec and keep it up until Ctrl-C";
  }

  @Override
  public String usage() {
    return """
        Usage: bin/replicakit cluster [--spec NAME|FILE] [--dir DIR] [--set KEY=VALUE]... [--seconds N]

          --spec      named spec (%s) or a .properties spec file; default small
          --dir       directory for the cluster's storage; default a new temporary directory
          --set       extra HDFS setting for the NameNode and DataNodes (repeatable),
                      e.g. --set dfs.block.replicator.classname=...BlockPlacementPolicyRackFaultTolerant
          --seconds   stop after N seconds instead of waiting for Ctrl-C

        Prints the layout (racks, nodes, storage types, capacities, emulated speeds, NameNode URI).
        Point clients at the printed URI, e.g.
          hdfs dfs -fs hdfs://127.0.0.1:PORT -ls /
        """.formatted(String.join(", ", ClusterSpecs.NAMED));
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    Args args = Args.parse(argv, List.of("spec", "dir", "set", "seconds"), List.of());
    ClusterSpec spec = ClusterSpecs.load(args.get("spec", "small"));
    Path dir = args.get("dir").map(Path::of).orElse(Files.createTempDirectory("replicakit-cluster-"));
    ClusterOptions options = ClusterOptions.in(dir);
    for (String setting : args.all("set")) {
      int eq = setting.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--set takes KEY=VALUE, was '" + setting + "'");
      }
      options = options.with(setting.substring(0, eq).trim(), setting.substring(eq + 1).trim());
    }
    long seconds = Long.parseLong(args.get("seconds", "0"));
    out.println("Starting embedded cluster '" + spec.name() + "' (" + spec.dataNodes().size()
        + " DataNodes) in " + dir + " ...");
    CountDownLatch stop = new CountDownLatch(1);
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, options)) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        stop.countDown();
        cluster.close();
      }, "replicakit-cluster-shutdown"));
      out.println(cluster.describe());
      out.println(seconds > 0 ? "Up for " + seconds + " s." : "Up. Press Ctrl-C to stop.");
      out.flush();
      if (seconds > 0) {
        stop.await(seconds, TimeUnit.SECONDS);
      } else {
        stop.await();
      }
    }
    out.println("Cluster stopped.");
    return 0;
  }
}
