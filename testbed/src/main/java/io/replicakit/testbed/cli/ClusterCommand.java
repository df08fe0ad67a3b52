package io.replicakit.testbed.cli;

import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.spec.ClusterSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/replicakit cluster}: starts a testbed cluster (embedded, or a JVM per daemon with {@code --processes})
 * and keeps it up for other tools.
 */
public final class ClusterCommand implements Command {

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
    return """
        Usage: bin/replicakit cluster [--spec NAME|FILE] [--spec-set F=V]... [--dir DIR] [--set K=V]...
                                      [--processes] [--seconds N]
        %s
          --seconds   stop after N seconds instead of waiting for Ctrl-C
        Default spec: small. Example:
          bin/replicakit cluster --spec paper \
            --set dfs.block.replicator.classname=org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyRackFaultTolerant

        Prints the layout (racks, nodes, storage types, capacities, emulated speeds, NameNode URI).
        Point clients at the printed URI, e.g.
          hdfs dfs -fs hdfs://127.0.0.1:PORT -ls /
        """.formatted(CliSupport.CLUSTER_USAGE);
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    java.util.List<String> valued = new java.util.ArrayList<>(CliSupport.CLUSTER_OPTIONS);
    valued.add("seconds");
    Args args = Args.parse(argv, valued, CliSupport.CLUSTER_FLAGS);
    ClusterSpec spec = CliSupport.spec(args, "small");
    ClusterOptions options = CliSupport.clusterOptions(args);
    Path dir = options.baseDir();
    long seconds = args.longValue("seconds", 0, 0, 365L * 24 * 3600);
    out.println("Starting " + options.mode().label() + " cluster '" + spec.name() + "' (" + spec.dataNodes().size()
        + " DataNodes) in " + dir + " ...");
    CountDownLatch stop = new CountDownLatch(1);
    try (Cluster cluster = Cluster.start(spec, options)) {
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
