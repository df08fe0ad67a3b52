package io.replicakit.bench.cli;

import io.replicakit.pfimbi.tools.PfimbiCheck;
import io.replicakit.testbed.cli.Args;
import io.replicakit.testbed.cli.Command;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.util.ToolRunner;

/** {@code bin/replicakit pfimbi-check}: Pfimbi files below their target, and their repair. */
public final class PfimbiCheckCommand implements Command {

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
    return """
        Usage: bin/replicakit pfimbi-check [--fs URI] [--repair] [PATH ...]

          --fs      the cluster (default: fs.defaultFS of HADOOP_CONF_DIR's configuration)
          --repair  set each file found to its target replication; HDFS re-replicates what is missing
          PATH      directories to check (default /)
        Exit code 0 when nothing is below target (or all was repaired), 1 when something is. The NameNode's
        coordinator does the same sweep by itself (docs/reliability.md); this is the operator's view and lever.
        """;
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    Args args = Args.parse(argv, List.of("fs"), List.of("repair"));
    Configuration conf = new HdfsConfiguration();
    args.get("fs").ifPresent(fs -> conf.set("fs.defaultFS", fs));
    List<String> toolArgs = new ArrayList<>();
    if (args.flag("repair")) {
      toolArgs.add("-repair");
    }
    toolArgs.addAll(args.positional());
    return ToolRunner.run(conf, new PfimbiCheck(out), toolArgs.toArray(String[]::new));
  }
}
