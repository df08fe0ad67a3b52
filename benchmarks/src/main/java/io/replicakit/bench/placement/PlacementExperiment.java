/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.placement.analysis.PlacementPolicies;
import io.replicakit.placement.analysis.PolicyChoice;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.net.NetworkRecord;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The placement lab: the paper's three stages for each chosen policy, each on a fresh embedded cluster of the
 * same spec, written as {@code results.json}, {@code report.md} and PNG plots.
 */
public final class PlacementExperiment {

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "placement";

  /**
   * What to run.
   *
   * @param balancers the balancers of stage 3; with more than one, each policy runs once per balancer (stages 1
   *     and 2 are reported from its first run), since a balancer changes the cluster the next would start from
   */
  public record Setup(PlacementProfile profile, List<PolicyChoice> policies, String specName,
      List<BalancerChoice> balancers) {

    public Setup(PlacementProfile profile, List<PolicyChoice> policies, String specName) {
      this(profile, policies, specName, List.of(BalancerChoice.HDFS));
    }

    public Setup {
      balancers = List.copyOf(balancers);
      if (balancers.isEmpty()) {
        throw new IllegalArgumentException("no balancer");
      }
    }
  }

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final ClusterMode mode;

  public PlacementExperiment(Setup setup, ExperimentRun run) {
    this(setup, run, ClusterMode.EMBEDDED);
  }

  /** @param mode how each policy's cluster runs its daemons (embedded, or a process per daemon) */
  public PlacementExperiment(Setup setup, ExperimentRun run, ClusterMode mode) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
    this.mode = mode;
  }

  public ExperimentResults run() throws Exception {
    ClusterSpec baseSpec = setup.profile().networkFor(ClusterSpecs.load(setup.specName()));
    List<RunResult> runs = new ArrayList<>();
    for (PolicyChoice policy : setup.policies()) {
      ClusterSpec spec = specFor(policy);
      Path logs = run.outDir().resolve("logs").resolve(policy.name().replaceAll("[^\\w.-]", "_"));
      boolean first = true;
      for (BalancerChoice balancer : setup.balancers()) {
        progress.step("%s: starting a fresh '%s' cluster (%d DataNodes, %d racks, %s)%s", policy.name(),
            spec.name(), spec.dataNodes().size(), spec.racks().size(), mode.label(),
            first ? "" : "; stages 1-2 again, unreported, then " + balancer.description());
        Path work = Files.createTempDirectory("replicakit-placement-" + policy.name().replaceAll("\\W", "_")
            + "-");
        runs.addAll(new PolicyTrial(policy, spec, setup.profile(), work, logs, progress, mode, balancer, first)
            .run());
        org.apache.hadoop.fs.FileUtil.fullyDelete(work.toFile());
        first = false;
      }
    }
    return run.finish(NAME, setup.profile().name(), clusterDescription(baseSpec, mode), runs,
        results -> PlacementReportWriter.write(results, run.outDir(), run.command(), setupText(baseSpec)));
  }

  /**
   * The spec as this policy needs it: node groups for NodeGroup (two per rack when the spec has none) and
   * upgrade domains for UpgradeDomain (one per rack, as in the paper, when the spec has none), on the profile's
   * network ({@link PlacementProfile#networkFor}).
   */
  ClusterSpec specFor(PolicyChoice policy) {
    Properties props = ClusterSpecs.properties(setup.specName());
    if (policy.needsNodeGroups() && props.getProperty(SpecParser.NODE_GROUPS_PER_RACK, "0").equals("0")) {
      props.setProperty(SpecParser.NODE_GROUPS_PER_RACK, "2");
    }
    if (policy.needsUpgradeDomains() && props.getProperty(SpecParser.UPGRADE_DOMAINS, "none").equals("none")) {
      props.setProperty(SpecParser.UPGRADE_DOMAINS, "rack");
    }
    return setup.profile().networkFor(SpecParser.parse(props, setup.specName()));
  }

  private static Map<String, Object> clusterDescription(ClusterSpec spec, ClusterMode mode) {
    Map<String, Object> cluster = new LinkedHashMap<>();
    cluster.put("spec", spec.name());
    cluster.put("mode", mode.label());
    cluster.put("network", NetworkRecord.of(spec, mode));
    cluster.put("datanodes", spec.dataNodes().size());
    cluster.put("racks", spec.racks().size());
    cluster.put("rack_sizes", spec.racks().stream().map(r -> spec.dataNodesInRack(r).size())
        .collect(Collectors.toList()));
    cluster.put("storage", spec.volumeTypes().stream().map(Enum::name).collect(Collectors.joining(",")));
    cluster.put("capacities_bytes", spec.dataNodes().stream().map(DataNodeSpec::capacityBytes)
        .collect(Collectors.toList()));
    Map<String, Object> speeds = new LinkedHashMap<>();
    spec.volumeTypes().forEach(t -> speeds.put(t.name(), spec.devices().mibPerSec(t)));
    cluster.put("device_mib_s", speeds);
    return cluster;
  }

  private String setupText(ClusterSpec spec) {
    PlacementProfile p = setup.profile();
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices " + spec.devices().describe()
        + "\n- Profile `" + p.name() + "`: " + p.description() + "; " + clientsText(p)
        + "; balancer threshold " + p.thresholdPct() + "%; stage 3 with "
        + setup.balancers().stream().map(BalancerChoice::description).collect(Collectors.joining(" and "))
        + (setup.balancers().size() > 1 ? " (each after its own run of stages 1-2 on a fresh cluster)" : "")
        + "\n- Policies: "
        + setup.policies().stream().map(PolicyChoice::name).collect(Collectors.joining(", "))
        + " (each on a fresh cluster; `nodegroup` adds two node groups per rack)";
  }

  /** Where TestDFSIO writes and reads from: one client JVM when embedded, YARN's maps with real daemons. */
  private String clientsText(PlacementProfile p) {
    return mode == ClusterMode.PROCESSES
        ? "TestDFSIO writing from a client host in the first rack (local job runner) and reading with maps on"
            + " every NodeManager (YARN)"
        : "TestDFSIO with " + p.parallelMaps() + " parallel maps, writing from a client host in the first rack"
            + " and reading from off-cluster";
  }

  /** Resolves a comma-separated policy list ({@code all} = HDFS's five policies of the paper). */
  public static List<PolicyChoice> policies(String list) {
    List<String> names = list.equals("all") ? PaperValues.POLICIES : List.of(list.split(","));
    return names.stream().map(String::trim).map(PlacementPolicies::resolve).collect(Collectors.toList());
  }
}
