/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.tools;

import io.replicakit.balancer.BalancerTool;
import io.replicakit.metrics.query.MetricsTool;
import io.replicakit.pfimbi.tools.PfimbiCheck;
import io.replicakit.placement.tools.PlacementReportTool;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.util.ExitUtil;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * The installable jar's {@code Main-Class}: {@code hadoop jar replicakit-VERSION.jar SUBCOMMAND [GENERIC
 * OPTIONS] [ARGS]} with the cluster's own class path and configuration. Each subcommand is a Hadoop
 * {@link Tool} run through {@link ToolRunner}, so {@code -fs}, {@code -conf}, {@code -D} and the other generic
 * options work as they do for {@code hdfs dfs}.
 *
 * <p>Exit codes: the subcommand's own; 2 for no or an unknown subcommand.
 */
public final class ReplicaKitTools {

  /** Exit code for a usage error, as Hadoop's own tools use. */
  public static final int USAGE_ERROR = 2;

  private ReplicaKitTools() {}

  /** The subcommands, in the order the usage lists them. */
  static Map<String, Function<PrintStream, Tool>> subcommands() {
    Map<String, Function<PrintStream, Tool>> tools = new LinkedHashMap<>();
    tools.put("report", PlacementReportTool::new);
    tools.put("metrics", MetricsTool::new);
    tools.put("pfimbi-check", PfimbiCheck::new);
    tools.put("balancer", BalancerTool::new);
    return tools;
  }

  static String usage() {
    return """
        Usage: hadoop jar replicakit-VERSION.jar SUBCOMMAND [GENERIC OPTIONS] [ARGS]
          report [-policy NAME|CLASS] PATH    placement analysis of the replicas under PATH
          metrics [-server HOST:PORT]         CPU, memory and disk state per DataNode (heartbeat-metrics)
          pfimbi-check [-repair] [PATH ...]   files below their Pfimbi target; -repair raises them
          balancer [-threshold PCT] [-idleiterations N] [-asService]
                                              HDFS's Balancer, choosing moves by rack diversity and node load
        Generic options (after SUBCOMMAND): -fs URI, -conf FILE, -D KEY=VALUE, ... (Hadoop's ToolRunner).
        """;
  }

  /** Runs one subcommand with {@code conf} as the base configuration; returns the exit code. */
  public static int run(Configuration conf, String[] args, PrintStream out, PrintStream err) throws Exception {
    if (args.length == 0) {
      err.print(usage());
      return USAGE_ERROR;
    }
    String name = args[0];
    if (name.equals("-h") || name.equals("--help") || name.equals("help")) {
      out.print(usage());
      return 0;
    }
    Function<PrintStream, Tool> factory = subcommands().get(name);
    if (factory == null) {
      err.println("unknown subcommand '" + name + "'");
      err.print(usage());
      return USAGE_ERROR;
    }
    return ToolRunner.run(conf, factory.apply(out), Arrays.copyOfRange(args, 1, args.length));
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    int code = run(new HdfsConfiguration(), args, out, System.err);
    out.flush();
    ExitUtil.terminate(code);
  }
}
