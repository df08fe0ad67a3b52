package io.replicakit.bench.cli;

import io.replicakit.bench.metrics.MetricsOverhead;
import io.replicakit.bench.placement.PlacementExperiment;
import io.replicakit.bench.placement.PlacementProfile;
import io.replicakit.bench.results.Progress;
import io.replicakit.testbed.cli.Args;
import io.replicakit.testbed.cli.Command;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** {@code bin/replicakit experiment NAME}: the papers' experiments, reproduced. */
public final class ExperimentCommand implements Command {

  @Override
  public String name() {
    return "experiment";
  }

  @Override
  public String summary() {
    return "run an experiment (placement, metrics-overhead) and write report.md, results.json and plots";
  }

  @Override
  public String usage() {
    return """
        Usage: bin/replicakit experiment placement [--policies LIST] [--profile quick|paper] [--spec NAME|FILE]
                                                   [--out DIR]

          --policies  comma-separated short names or class names; default: HDFS's five policies of the paper
                      (default, rackfaulttolerant, availablespace, nodegroup, upgradedomain); also
                      availablespace-rackfaulttolerant or any BlockPlacementPolicyDefault subclass
          --profile   quick (default: the five policies in under 15 minutes) or paper (the paper's setup scaled
                      by 1/1024; see docs/experiments/placement.md)
          --spec      cluster spec; default paper (10 DataNodes in 4 racks, two hardware classes)
          --out       output directory; default results/placement-PROFILE-TIMESTAMP

        Stages per policy, each on a fresh embedded cluster: load (TestDFSIO write from a node in rack 1, then
        reads), re-replication (kill one DataNode in rack 1 and one in rack 3), balancing (HDFS Balancer).

        Usage: bin/replicakit experiment metrics-overhead [--samples N] [--nodes N] [--out DIR]

          --samples   OSHI samples per variant (default 300)
          --nodes     DataNodes in the registry stage (default 10000)
        Measures the heartbeat-metrics side channel on this machine: CPU time per sample, bytes per message,
        encode/decode time, NameNode heap per DataNode and the cost of one registry lookup.
        """;
  }

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    Args args = Args.parse(argv, List.of("policies", "profile", "spec", "out", "samples", "nodes"), List.of());
    String experiment = args.positional().size() == 1 ? args.positional().get(0) : "";
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    String command = "bin/replicakit experiment " + String.join(" ", argv);
    switch (experiment) {
      case "placement":
        return placement(args, stamp, command, out);
      case "metrics-overhead":
        Path dir = Path.of(args.get("out", "results/metrics-overhead-" + stamp));
        new MetricsOverhead(new MetricsOverhead.Setup(Integer.parseInt(args.get("samples", "300")),
            Integer.parseInt(args.get("nodes", "10000")), dir, command), new Progress(out)).run();
        out.println("Report: " + dir.resolve("report.md"));
        return 0;
      default:
        throw new IllegalArgumentException("name one experiment: placement or metrics-overhead (got "
            + args.positional() + ")");
    }
  }

  private static int placement(Args args, String stamp, String command, PrintStream out) throws Exception {
    PlacementProfile profile = PlacementProfile.named(args.get("profile", "quick"));
    Path outDir = Path.of(args.get("out", "results/placement-" + profile.name() + "-" + stamp));
    PlacementExperiment.Setup setup = new PlacementExperiment.Setup(profile,
        PlacementExperiment.policies(args.get("policies", "all")), args.get("spec", "paper"), outDir, command);
    new PlacementExperiment(setup, new Progress(out)).run();
    out.println("Report: " + outDir.resolve("report.md"));
    return 0;
  }
}
