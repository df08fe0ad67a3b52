/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.cli;

import io.replicakit.placement.tools.PlacementReportTool;
import io.replicakit.testbed.cli.Cli;
import io.replicakit.testbed.cli.Command;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.util.ToolRunner;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bin/replicakit report}: the placement analysis of any live cluster, embedded or real. */
public final class ReportCommand implements Command {

  private static final String INVOCATION = "bin/replicakit report";
  private static final String FOOTER = """

      Prints per-DataNode occupation and utilization with their standard deviations, bytes per rack,
      blocks spread over the most racks possible, and replicas-per-rack histograms.
      """;

  @Override
  public String name() {
    return "report";
  }

  @Override
  public String summary() {
    return "analyse where the replicas under a path are: per-node occupation, sigma, racks, policy violations";
  }

  @Override
  public String usage() {
    return Cli.usage(Cli.spec(INVOCATION, new Options()), FOOTER);
  }

  /** The options. */
  static final class Options {
    @Option(names = "--fs", paramLabel = "URI",
        description = "the cluster (default: fs.defaultFS of HADOOP_CONF_DIR's configuration)")
    String fs;

    @Option(names = "--policy", paramLabel = "NAME|CLASS", description = "also count blocks violating this"
        + " placement policy (short name or class name), checked with the policy's own verifyBlockPlacement")
    String policy;

    @Parameters(paramLabel = "PATH", description = "the HDFS path to analyse")
    List<String> paths = new ArrayList<>();
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    Options args = Cli.parse(INVOCATION, new Options(), argv);
    if (args.paths.size() != 1) {
      throw new IllegalArgumentException("give exactly one HDFS PATH to analyse");
    }
    Configuration conf = new HdfsConfiguration();
    if (args.fs != null) {
      conf.set("fs.defaultFS", args.fs);
    }
    List<String> toolArgs = new ArrayList<>();
    if (args.policy != null) {
      toolArgs.add("-policy");
      toolArgs.add(args.policy);
    }
    toolArgs.add(args.paths.get(0));
    // The same Tool as `hadoop jar replicakit-VERSION.jar report` (placement-policies).
    return ToolRunner.run(conf, new PlacementReportTool(out), toolArgs.toArray(String[]::new));
  }
}
