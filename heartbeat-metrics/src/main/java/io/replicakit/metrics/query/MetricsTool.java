/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.query;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.util.Tool;

/**
 * The NameNode registry's table of DataNode system state, as a Hadoop {@link Tool}: run it through
 * {@code ToolRunner} ({@code hadoop jar replicakit-VERSION.jar metrics}, {@code bin/replicakit metrics}) so
 * {@code -fs}, {@code -conf} and {@code -D} work. The server is the default file system's NameNode host with
 * the port of {@code replicakit.metrics.server.address}, or {@code -server HOST:PORT}.
 *
 * <p>Exit code 0 after printing the table, 2 for a usage error; a server that cannot be reached is an
 * {@link IOException}.
 */
public final class MetricsTool extends Configured implements Tool {

  public static final String USAGE = "Usage: metrics [-server HOST:PORT]\n"
      + "  -server  the metrics server itself; default: the NameNode host of the default file system (-fs) with\n"
      + "           the port of replicakit.metrics.server.address (9873)\n"
      + "Needs the heartbeat-metrics plugins on the cluster. Stale rows are samples older than\n"
      + "replicakit.metrics.stale.intervals of their DataNode's interval; consumers ignore them.";

  private final PrintStream out;

  public MetricsTool(PrintStream out) {
    this.out = out;
  }

  public MetricsTool() {
    this(new PrintStream(System.out, true, StandardCharsets.UTF_8));
  }

  @Override
  public int run(String[] args) throws IOException {
    String server = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if ((arg.equals("-server") || arg.equals("--server")) && i + 1 < args.length) {
        server = args[++i];
      } else {
        out.println("metrics: unexpected argument " + arg);
        out.println(USAGE);
        return 2;
      }
    }
    List<InetSocketAddress> servers;
    try {
      servers = server != null
          ? List.of(NetUtils.createSocketAddr(server))
          : MetricsQuery.serversFor(FileSystem.getDefaultUri(getConf()), getConf());
    } catch (IllegalArgumentException e) {
      out.println("metrics: " + e.getMessage());
      out.println(USAGE);
      return 2;
    }
    out.print(NodeTable.format(MetricsQuery.listNodes(getConf(), servers)));
    out.flush();
    return 0;
  }
}
