/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.cli;

import io.replicakit.metrics.query.MetricsTool;
import io.replicakit.testbed.cli.Cli;
import io.replicakit.testbed.cli.Command;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine.Option;

/** {@code bin/replicakit metrics}: the NameNode's view of every DataNode's system state. */
public final class MetricsCommand implements Command {

  private static final String INVOCATION = "bin/replicakit metrics";
  private static final String FOOTER = """

      Needs the heartbeat-metrics plugins installed (docs/heartbeat-metrics.md). Stale rows are samples
      older than replicakit.metrics.stale.intervals of their DataNode's interval; consumers ignore them.
      """;

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
    return Cli.usage(Cli.spec(INVOCATION, new Options()), FOOTER);
  }

  /** The options. */
  static final class Options {
    @Option(names = "--fs", paramLabel = "URI", description = "the cluster (default: fs.defaultFS of"
        + " HADOOP_CONF_DIR's configuration); the NameNode's host with the port of replicakit.metrics.server.address")
    String fs;

    @Option(names = "--server", paramLabel = "HOST:PORT", description = "the metrics server itself, when it is"
        + " elsewhere")
    String server;
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    Options args = Cli.parse(INVOCATION, new Options(), argv);
    Configuration conf = new HdfsConfiguration();
    if (args.fs != null) {
      conf.set("fs.defaultFS", args.fs);
    }
    List<String> toolArgs = new ArrayList<>();
    if (args.server != null) {
      toolArgs.add("-server");
      toolArgs.add(args.server);
    }
    // The same Tool as `hadoop jar replicakit-VERSION.jar metrics` (heartbeat-metrics).
    return ToolRunner.run(conf, new MetricsTool(out), toolArgs.toArray(String[]::new));
  }
}
