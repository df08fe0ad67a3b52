/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.cli;

import io.replicakit.pfimbi.tools.PfimbiCheck;
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

/** {@code bin/replicakit pfimbi-check}: Pfimbi files below their target, and their repair. */
public final class PfimbiCheckCommand implements Command {

  private static final String INVOCATION = "bin/replicakit pfimbi-check";
  private static final String FOOTER = """

      Exit code 0 when nothing is below target (or all was repaired), 1 when something is. The NameNode's
      coordinator does the same sweep by itself (docs/reliability.md); this is the operator's view and lever.
      """;

  @Override
  public String name() {
    return "pfimbi-check";
  }

  @Override
  public String summary() {
    return "list (and with --repair raise) the files whose Pfimbi request asks for more replicas than they have";
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

    @Option(names = "--repair", arity = "0..1", description = "set each file found to its target replication;"
        + " HDFS re-replicates what is missing")
    boolean repair;

    @Parameters(paramLabel = "PATH", description = "directories to check (default /)")
    List<String> paths = new ArrayList<>();
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    Options args = Cli.parse(INVOCATION, new Options(), argv);
    Configuration conf = new HdfsConfiguration();
    if (args.fs != null) {
      conf.set("fs.defaultFS", args.fs);
    }
    List<String> toolArgs = new ArrayList<>();
    if (args.repair) {
      toolArgs.add("-repair");
    }
    toolArgs.addAll(args.paths);
    return ToolRunner.run(conf, new PfimbiCheck(out), toolArgs.toArray(String[]::new));
  }
}
