package io.replicakit.bench.cli;

import io.replicakit.placement.tools.PlacementReportTool;
import io.replicakit.testbed.cli.Args;
import io.replicakit.testbed.cli.Command;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.util.ToolRunner;

/** {@code bin/replicakit report}: the placement analysis of any live cluster, embedded or real. */
public final class ReportCommand implements Command {

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
    return """
        Usage: bin/replicakit report [--fs URI] [--policy NAME|CLASS] PATH

          --fs      the cluster (default: fs.defaultFS of HADOOP_CONF_DIR's configuration)
          --policy  also count blocks violating this placement policy (short name or class name),
                    checked with the policy's own verifyBlockPlacement
        Prints per-DataNode occupation and utilization with their standard deviations, bytes per rack,
        blocks spread over the most racks possible, and replicas-per-rack histograms.
        """;
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    Args args = Args.parse(argv, List.of("fs", "policy"), List.of());
    if (args.positional().size() != 1) {
      throw new IllegalArgumentException("give exactly one HDFS PATH to analyse");
    }
    Configuration conf = new HdfsConfiguration();
    args.get("fs").ifPresent(fs -> conf.set("fs.defaultFS", fs));
    List<String> toolArgs = new ArrayList<>();
    args.get("policy").ifPresent(policy -> {
      toolArgs.add("-policy");
      toolArgs.add(policy);
    });
    toolArgs.add(args.positional().get(0));
    // The same Tool as `hadoop jar replicakit-VERSION.jar report` (placement-policies).
    return ToolRunner.run(conf, new PlacementReportTool(out), toolArgs.toArray(String[]::new));
  }
}
