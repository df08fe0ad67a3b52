package io.replicakit.bench.cli;

import io.replicakit.metrics.query.MetricsTool;
import io.replicakit.testbed.cli.Args;
import io.replicakit.testbed.cli.Command;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.util.ToolRunner;

/** {@code bin/replicakit metrics}: the NameNode's view of every DataNode's system state. */
public final class MetricsCommand implements Command {

  @Override
  public String name() {
    return "metrics";
  }

  @Override
  public String summary() {
    return "print the CPU, memory and per-volume disk state the NameNode holds for every DataNode";
  }

  @Override
  public String usage() {
    return """
        Usage: bin/replicakit metrics [--fs URI] [--server HOST:PORT]

          --fs      the cluster (default: fs.defaultFS of HADOOP_CONF_DIR's configuration); the NameNode's
                    host with the port of replicakit.metrics.server.address
          --server  the metrics server itself, when it is elsewhere
        Needs the heartbeat-metrics plugins installed (docs/heartbeat-metrics.md). Stale rows are samples
        older than replicakit.metrics.stale.intervals of their DataNode's interval; consumers ignore them.
        """;
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    Args args = Args.parse(argv, List.of("fs", "server"), List.of());
    Configuration conf = new HdfsConfiguration();
    args.get("fs").ifPresent(fs -> conf.set("fs.defaultFS", fs));
    List<String> toolArgs = new ArrayList<>();
    args.get("server").ifPresent(server -> {
      toolArgs.add("-server");
      toolArgs.add(server);
    });
    // The same Tool as `hadoop jar replicakit-VERSION.jar metrics` (heartbeat-metrics).
    return ToolRunner.run(conf, new MetricsTool(out), toolArgs.toArray(String[]::new));
  }
}
