/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.placement.tools;

import io.replicakit.placement.analysis.HdfsPlacementReader;
import io.replicakit.placement.analysis.HdfsPolicyVerifier;
import io.replicakit.placement.analysis.PlacementAnalysis;
import io.replicakit.placement.analysis.PlacementPolicies;
import io.replicakit.placement.analysis.PlacementReport;
import io.replicakit.placement.analysis.PlacementSnapshot;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.util.Tool;

/**
 * The placement analysis of a path on a live cluster, as a Hadoop {@link Tool}: run it through
 * {@code ToolRunner} (as {@code hadoop jar replicakit-VERSION.jar report} and {@code bin/replicakit report} do),
 * so {@code -fs}, {@code -conf} and {@code -D} choose the cluster.
 *
 * <p>Arguments: {@code [-policy NAME|CLASS] PATH}. Exit code 0 after printing the report, 2 for a usage error.
 */
public final class PlacementReportTool extends Configured implements Tool {

  public static final String USAGE = "Usage: report [-policy NAME|CLASS] PATH\n"
      + "  -policy  also count blocks violating this placement policy (short name such as rackfaulttolerant,\n"
      + "           or a class name), judged by the policy's own verifyBlockPlacement\n"
      + "Prints per-DataNode occupation and utilization with their standard deviations, bytes per rack, blocks\n"
      + "spread over the most racks possible, and replicas-per-rack histograms.";

  private final PrintStream out;

  public PlacementReportTool(PrintStream out) {
    this.out = out;
  }

  public PlacementReportTool() {
    this(new PrintStream(System.out, true, StandardCharsets.UTF_8));
  }

  @Override
  public int run(String[] args) throws IOException {
    String policy = null;
    String path = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("-policy") || arg.equals("--policy")) {
        if (i + 1 == args.length) {
          return usage(arg + " needs a value");
        }
        policy = args[++i];
      } else if (arg.startsWith("-")) {
        return usage("unknown option " + arg);
      } else if (path == null) {
        path = arg;
      } else {
        return usage("give exactly one PATH");
      }
    }
    if (path == null) {
      return usage("give the HDFS PATH to analyse");
    }
    String policyClass;
    try {
      policyClass = policy == null ? null : PlacementPolicies.resolve(policy).className();
    } catch (IllegalArgumentException e) {
      return usage(e.getMessage());
    }
    try (FileSystem fs = FileSystem.newInstance(FileSystem.getDefaultUri(getConf()), getConf())) {
      if (!(fs instanceof DistributedFileSystem dfs)) {
        return usage("not an HDFS file system: " + fs.getUri());
      }
      PlacementSnapshot snapshot = HdfsPlacementReader.read(dfs, new Path(path));
      PlacementReport report = policyClass == null
          ? PlacementAnalysis.analyze(snapshot)
          : PlacementAnalysis.analyze(snapshot, HdfsPolicyVerifier.create(policyClass, getConf(), snapshot.nodes()));
      out.print(report.toText());
      out.flush();
      return 0;
    }
  }

  private int usage(String problem) {
    out.println("report: " + problem);
    out.println(USAGE);
    return 2;
  }
}
