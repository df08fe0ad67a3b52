package io.replicakit.bench.cli;

import io.replicakit.bench.metrics.MetricsOverhead;
import io.replicakit.bench.pfimbi.PfimbiExperiment;
import io.replicakit.bench.pfimbi.PfimbiProfile;
import io.replicakit.bench.pfimbi.PfimbiVariant;
import io.replicakit.bench.pfimbi.faults.FaultCampaign;
import io.replicakit.bench.placement.PlacementExperiment;
import io.replicakit.bench.placement.PlacementProfile;
import io.replicakit.bench.read.HotspotExperiment;
import io.replicakit.bench.read.HotspotProfile;
import io.replicakit.bench.read.ReadSelectionExperiment;
import io.replicakit.bench.read.ReadSelectionProfile;
import io.replicakit.bench.results.Progress;
import io.replicakit.testbed.cli.Args;
import io.replicakit.testbed.cli.CliSupport;
import io.replicakit.testbed.cli.Command;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code bin/replicakit experiment NAME}: the papers' experiments, reproduced. */
public final class ExperimentCommand implements Command {

  @Override
  public String name() {
    return "experiment";
  }

  @Override
  public String summary() {
    return "run an experiment (placement, metrics-overhead, read-selection, hotspot, pfimbi, pfimbi-faults) and"
        + " write report.md, results.json and plots";
  }

  @Override
  public String usage() {
    return """
        Usage: bin/replicakit experiment placement [--policies LIST] [--profile quick|paper] [--spec NAME|FILE]
                                                   [--out DIR] [--processes]

          --policies  comma-separated short names or class names; default: HDFS's five policies of the paper
                      (default, rackfaulttolerant, availablespace, nodegroup, upgradedomain); also
                      availablespace-rackfaulttolerant or any BlockPlacementPolicyDefault subclass
          --profile   quick (default: the five policies in under 15 minutes) or paper (the paper's setup scaled
                      by 1/1024; see docs/experiments/placement.md)
          --spec      cluster spec; default paper (10 DataNodes in 4 racks, two hardware classes)
          --out       output directory; default results/placement-PROFILE-TIMESTAMP

        Stages per policy, each on a fresh embedded cluster: load (TestDFSIO write from a node in rack 1, then
        reads), re-replication (kill one DataNode in rack 1 and one in rack 3), balancing (HDFS Balancer).

        Every experiment below except metrics-overhead also takes --processes: each cluster's NameNode and DataNodes
        run as JVMs of their own from the installable jar (docs/testbed.md), instead of all in this JVM.

        Usage: bin/replicakit experiment metrics-overhead [--samples N] [--nodes N] [--out DIR]

          --samples   OSHI samples per variant (default 300)
          --nodes     DataNodes in the registry stage (default 10000)
        Measures the heartbeat-metrics side channel on this machine: CPU time per sample, bytes per message,
        encode/decode time, NameNode heap per DataNode and the cost of one registry lookup.

        Usage: bin/replicakit experiment read-selection [--profile quick|paper] [--policies LIST] [--weights LIST]
                                                        [--policy-scope all|data] [--spec NAME|FILE] [--spec-set F=V]
                                                        [--set K=V] [--out DIR]

          --policies  comma-separated read policies for the read stage; default the paper's four:
                      network-distance (HDFS, the baseline), storage-type, wrr, drr; also system-state, combined
          --weights   comma-separated WRR weights of the sweep (Fig. 5); default the profile's (quick: 1,3,5,7,10,20;
                      paper: 1..20); "none" skips the sweep
          --profile   quick (default, under 10 minutes) or paper; see docs/experiments/read-selection.md
          --policy-scope  all (default): One_SSD on TestDFSIO's whole directory; data: on its data files only
                      (TestDFSIO's -storagePolicy; its control files stay HOT, on DISK)
          --spec      cluster spec with SSD and DISK volumes; default one-ssd (devices at the profile's speeds unless
                      the spec sets them)
          --spec-set  FIELD=VALUE spec override (repeatable), e.g. device.mibps.ssd=40
          --set       KEY=VALUE extra HDFS setting (repeatable), e.g. replicakit.read.drr.threshold.pct.ssd=90
          --out       output directory; default results/read-selection-PROFILE-TIMESTAMP
        One cluster; TestDFSIO writes the data once (One_SSD, RF 3), then reads it from off-cluster under each
        policy (the NameNode restarts with it) while every device is sampled every 250 ms.

        Usage: bin/replicakit experiment hotspot [--profile quick|paper] [--policies LIST] [--spec NAME|FILE]
                                                 [--spec-set F=V] [--set K=V] [--out DIR]

          --policies  default network-distance (HDFS, the baseline), system-state, combined
          --profile   quick (default) or paper (the paper's 5 files and 3 repetitions); see docs/experiments/hotspot.md
          --spec      DISK-only cluster spec; default small
          --out       output directory; default results/hotspot-PROFILE-TIMESTAMP
        Stages per policy: none, io-stress (background load above the device speed on the DataNode holding the
        most replicas), cpu-mem-io-stress (the same plus emulated 95 % CPU and memory use in its metrics).

        Usage: bin/replicakit experiment pfimbi [--profile quick|paper] [--variants LIST] [--spec NAME|FILE]
                                                [--set K=V] [--out DIR]

          --variants  comma-separated; default hdfs(3,3) (the baseline), hdfs(1,1)+setrep(3), pfimbi(3,1)
          --profile   quick (default, about 5 minutes) or paper (more data per job); see docs/experiments/pfimbi.md
          --spec      cluster spec; default six-disks (6 DataNodes, 3 racks, one DISK each, a page cache)
          --set       KEY=VALUE extra HDFS or replicakit.pfimbi.* setting (repeatable)
        Per variant, on a fresh cluster: two back-to-back TestDFSIO write jobs from off-cluster; the time until the
        primary writes ended, until every block had a second and a third replica; block completions over time.

        Usage: bin/replicakit experiment pfimbi-faults [--runs N] [--seed S] [--wait SECONDS] [--spec NAME|FILE]
                                                       [--set K=V] [--out DIR]

          --runs      runs of the whole campaign, each on a fresh cluster (default 1)
          --seed      seed of the fault schedule and of the files' contents (default 1)
          --wait      seconds each stage waits after its fault for every file to reach n (default 660: longer
                      than HDFS's worst-case retry of a re-replication whose target failed, 2 x 300 s)
          --spec      cluster spec; default six-disks, as the pfimbi experiment
          --set       KEY=VALUE extra HDFS or replicakit.pfimbi.* setting (repeatable)
          --out       output directory; default results/pfimbi-faults-TIMESTAMP
        Per run, stages datanode-killed, target-killed-mid-copy, disk-full, namenode-restart, rename: Pfimbi(3,1)
        files written with a fault injected while background copies are pending, then every file of the run
        checked (replication, live replicas, bytes read back); see docs/experiments/pfimbi-faults.md.
        """;
  }

  /**
   * The fault campaign's default wait per stage: longer than {@code dfs.namenode.reconstruction.pending.timeout-sec}
   * (300 s), after which HDFS retries a re-replication whose target died. A stage kills a node seconds after the
   * previous one came back, so such a retry is part of a correct recovery; a shorter wait would call it a failure.
   * A stage that recovers ends its wait at once.
   */
  /**
   * Longer than HDFS's worst case for a re-replication whose target failed the copy: the NameNode is not told, the
   * pending entry times out after {@code dfs.namenode.reconstruction.pending.timeout-sec} (300 s) and its monitor
   * looks every min(300 s, timeout), so the block is scheduled again up to 600 s after the failed copy.
   */
  static final long DEFAULT_WAIT_S = 660;

  /** The options each experiment takes: any other is refused, listing these, instead of being ignored. */
  static final Map<String, List<String>> OPTIONS = Map.of(
      "placement", List.of("policies", "profile", "spec", "out"),
      "metrics-overhead", List.of("samples", "nodes", "out"),
      "read-selection", List.of("profile", "policies", "weights", "policy-scope", "spec", "spec-set", "set", "out"),
      "hotspot", List.of("profile", "policies", "spec", "spec-set", "set", "out"),
      "pfimbi", List.of("profile", "variants", "spec", "set", "out"),
      "pfimbi-faults", List.of("runs", "seed", "wait", "spec", "set", "out"));

  /** Flags of every experiment that starts clusters: {@code --processes} runs each daemon as its own JVM. */
  static final List<String> CLUSTER_FLAGS = CliSupport.CLUSTER_FLAGS;

  @Override
  public int run(List<String> argv, PrintStream out) throws Exception {
    String experiment = experimentName(argv);
    List<String> options = OPTIONS.get(experiment);
    if (options == null) {
      throw new IllegalArgumentException("name one experiment: placement, metrics-overhead, read-selection,"
          + " hotspot, pfimbi or pfimbi-faults (got '" + experiment + "')");
    }
    Args args = Args.parse(argv, options, experiment.equals("metrics-overhead") ? List.of() : CLUSTER_FLAGS);
    if (args.positional().size() != 1) {
      throw new IllegalArgumentException("name exactly one experiment, got " + args.positional());
    }
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    String command = "bin/replicakit experiment " + String.join(" ", argv);
    switch (experiment) {
      case "placement":
        return placement(args, stamp, command, out);
      case "read-selection":
        return readSelection(args, stamp, command, out);
      case "hotspot":
        return hotspot(args, stamp, command, out);
      case "pfimbi":
        return pfimbi(args, stamp, command, out);
      case "pfimbi-faults":
        return pfimbiFaults(args, stamp, command, out);
      default:
        return metricsOverhead(args, stamp, command, out);
    }
  }

  /**
   * The experiment named on the command line: the first word that is neither an option nor the value of one
   * (an option without {@code =} takes the next word as its value, except the flags).
   */
  static String experimentName(List<String> argv) {
    for (int i = 0; i < argv.size(); i++) {
      String arg = argv.get(i);
      if (!arg.startsWith("--")) {
        return arg;
      }
      if (!arg.contains("=") && !CLUSTER_FLAGS.contains(arg.substring(2))) {
        i++;
      }
    }
    return "";
  }

  private static int metricsOverhead(Args args, String stamp, String command, PrintStream out) throws Exception {
    Path dir = Path.of(args.get("out", "results/metrics-overhead-" + stamp));
    new MetricsOverhead(new MetricsOverhead.Setup(args.intValue("samples", 300, 1, 1_000_000),
        args.intValue("nodes", 10_000, 1, 10_000_000), dir, command), new Progress(out)).run();
    out.println("Report: " + dir.resolve("report.md"));
    return 0;
  }

  private static int placement(Args args, String stamp, String command, PrintStream out) throws Exception {
    PlacementProfile profile = PlacementProfile.named(args.get("profile", "quick"));
    Path outDir = Path.of(args.get("out", "results/placement-" + profile.name() + "-" + stamp));
    PlacementExperiment.Setup setup = new PlacementExperiment.Setup(profile,
        PlacementExperiment.policies(args.get("policies", "all")), args.get("spec", "paper"), outDir, command);
    new PlacementExperiment(setup, new Progress(out), CliSupport.mode(args)).run();
    out.println("Report: " + outDir.resolve("report.md"));
    return 0;
  }

  private static int readSelection(Args args, String stamp, String command, PrintStream out) throws Exception {
    ReadSelectionProfile profile = ReadSelectionProfile.named(args.get("profile", "quick"));
    Path outDir = Path.of(args.get("out", "results/read-selection-" + profile.name() + "-" + stamp));
    List<String> policies = args.get("policies").map(ExperimentCommand::list)
        .orElse(ReadSelectionExperiment.PAPER_POLICIES);
    List<Double> weights = args.get("weights").map(w -> w.equals("none") ? List.<Double>of()
        : list(w).stream().map(x -> Args.number("weights", x, 0.001, 1_000)).toList()).orElse(profile.weights());
    ReadSelectionExperiment.Setup setup = new ReadSelectionExperiment.Setup(profile, policies, weights,
        args.get("spec", "one-ssd"), args.all("spec-set"), settings(args),
        ReadSelectionExperiment.PolicyScope.parse(args.get("policy-scope", "all")), outDir, command);
    new ReadSelectionExperiment(setup, new Progress(out), CliSupport.mode(args)).run();
    out.println("Report: " + outDir.resolve("report.md"));
    return 0;
  }

  private static int hotspot(Args args, String stamp, String command, PrintStream out) throws Exception {
    HotspotProfile profile = HotspotProfile.named(args.get("profile", "quick"));
    Path outDir = Path.of(args.get("out", "results/hotspot-" + profile.name() + "-" + stamp));
    List<String> policies = args.get("policies").map(ExperimentCommand::list).orElse(HotspotExperiment.POLICIES);
    HotspotExperiment.Setup setup = new HotspotExperiment.Setup(profile, policies, args.get("spec", "small"),
        args.all("spec-set"), settings(args), outDir, command);
    new HotspotExperiment(setup, new Progress(out), CliSupport.mode(args)).run();
    out.println("Report: " + outDir.resolve("report.md"));
    return 0;
  }

  private static int pfimbi(Args args, String stamp, String command, PrintStream out) throws Exception {
    PfimbiProfile profile = PfimbiProfile.named(args.get("profile", "quick"));
    Path outDir = Path.of(args.get("out", "results/pfimbi-" + profile.name() + "-" + stamp));
    List<PfimbiVariant> variants = args.get("variants").map(PfimbiVariant::parseList)
        .orElse(List.of(PfimbiVariant.values()));
    PfimbiExperiment.Setup setup = new PfimbiExperiment.Setup(profile, variants, args.get("spec", "six-disks"),
        settings(args), outDir, command);
    new PfimbiExperiment(setup, new Progress(out), CliSupport.mode(args)).run();
    out.println("Report: " + outDir.resolve("report.md"));
    return 0;
  }

  private static int pfimbiFaults(Args args, String stamp, String command, PrintStream out) throws Exception {
    int runs = args.intValue("runs", 1, 1, 10_000);
    long waitS = args.longValue("wait", DEFAULT_WAIT_S, 1, 86_400);
    Path outDir = Path.of(args.get("out", "results/pfimbi-faults-" + stamp));
    FaultCampaign.Setup setup = new FaultCampaign.Setup(runs, args.longValue("seed", 1, Long.MIN_VALUE, Long.MAX_VALUE),
        Duration.ofSeconds(waitS), args.get("spec", "six-disks"), settings(args), outDir, command);
    new FaultCampaign(setup, new Progress(out), CliSupport.mode(args)).run();
    out.println("Report: " + outDir.resolve("report.md"));
    return 0;
  }

  private static List<String> list(String csv) {
    return java.util.Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty())
        .collect(Collectors.toList());
  }

  /** {@code --set KEY=VALUE} settings, in order. */
  private static Map<String, String> settings(Args args) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String kv : args.all("set")) {
      int eq = kv.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--set takes KEY=VALUE, was '" + kv + "'");
      }
      settings.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
    }
    return settings;
  }
}
