/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.experiment.Experiment;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.experiment.HdfsSettings;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.common.config.ConfigKey;
import io.replicakit.read.policy.ReadPolicies;
import io.replicakit.testbed.cli.Cli;
import io.replicakit.testbed.cli.ProcessesOption;
import io.replicakit.testbed.cluster.ClientPlacement;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bin/replicakit experiment read-selection}: its options, and the run they set up. */
public final class ReadSelectionCli implements Experiment {

  @Option(names = "--profile", paramLabel = "quick|paper|network", defaultValue = "quick", description = "quick"
      + " (default, under 10 minutes), paper, or network (less data, no sweep: for --client in a rack on shaped"
      + " links); see docs/experiments/read-selection.md")
  String profile;

  @Option(names = "--policies", paramLabel = "LIST", split = ",", description = "comma-separated read policies for"
      + " the read stage; default the paper's four: network-distance (HDFS, the baseline), storage-type, wrr, drr;"
      + " also system-state, combined")
  List<String> policies = new ArrayList<>(ReadSelectionExperiment.PAPER_POLICIES);

  @Option(names = "--weights", paramLabel = "LIST|none", description = "comma-separated WRR weights of the sweep"
      + " (Fig. 5); default the profile's (quick: 1,3,5,7,10,20; paper: 1..20); none skips the sweep")
  String weights;

  @Option(names = "--policy-scope", paramLabel = "all|data", defaultValue = "all", description = "all (default):"
      + " One_SSD on TestDFSIO's whole directory; data: on its data files only (TestDFSIO's -storagePolicy; its"
      + " control files stay HOT, on DISK)")
  String policyScope;

  @Option(names = "--spec", paramLabel = "NAME|FILE", defaultValue = "one-ssd", description = "cluster spec with SSD"
      + " and DISK volumes; default one-ssd (devices at the profile's speeds unless the spec sets them)")
  String spec;

  @Option(names = "--spec-set", paramLabel = "FIELD=VALUE", description = "spec override (repeatable), e.g."
      + " device.mibps.ssd=40")
  List<String> specSettings = new ArrayList<>();

  @Option(names = "--client", paramLabel = "off-cluster|/RACK|DATANODE", defaultValue = "off-cluster",
      description = "where TestDFSIO reads from: off-cluster (default, equally far from every replica), a rack's"
      + " client host, e.g. /r1 (replicas in that rack are closer), or a DataNode, e.g. dn01 (its own replicas are"
      + " local; with --processes the reader runs in that node's network namespace); the data is written from"
      + " off-cluster either way")
  String client;

  @Option(names = "--inter-rack", paramLabel = "MBPS[,MBPS...]", split = ",", description = "inter-rack bandwidths"
      + " (MB/s) to tell the storage-aware policies (replicakit.read.bandwidth.inter-rack.mbps); with several, each"
      + " of storage-type, wrr, drr and combined runs once per value as POLICY(inter-rack=V); 0 is the paper's rule"
      + " 3 (across racks, the closest replica). Default: the cluster's, 1250 (every SSD worth reading)")
  List<String> interRack = new ArrayList<>();

  @Option(names = "--intra-rack", paramLabel = "MBPS[,MBPS...]", split = ",", description = "intra-rack bandwidths"
      + " (MB/s) to tell the storage-aware policies (replicakit.read.bandwidth.intra-rack.mbps); with several, each"
      + " of storage-type, wrr, drr and combined runs once per value as POLICY(intra-rack=V): the paper's rule 2"
      + " reads a fast replica in the reader's rack only where this exceeds slow storage. Several values cannot be"
      + " combined with several --inter-rack values. Default: the key's, 1250")
  List<String> intraRack = new ArrayList<>();

  @Mixin
  HdfsSettings settings = new HdfsSettings();

  @Mixin
  ProcessesOption processes = new ProcessesOption();

  @Override
  public String name() {
    return ReadSelectionExperiment.NAME;
  }

  @Override
  public String description() {
    return "read policies on One_SSD data: throughput, utilization, WRR weight sweep (read paper Fig. 3-5)";
  }

  @Override
  public String details() {
    return "One cluster; TestDFSIO writes the data once (One_SSD, RF 3), then reads it from off-cluster under each\n"
        + "policy (the NameNode restarts with it) while every device is sampled every 250 ms. Example:\n"
        + "  --set replicakit.read.drr.threshold.pct.ssd=90";
  }

  @Override
  public void validate() {
    ReadSelectionProfile.named(profile);
    ReadSelectionExperiment.PolicyScope.parse(policyScope);
    policies().forEach(ReadSelectionCli::requireKnown);
    weights(ReadSelectionProfile.named(profile));
    reader();
    interRackMbps();
    intraRackMbps();
  }

  @Override
  public String profile() {
    return ReadSelectionProfile.named(profile).name();
  }

  @Override
  public ExperimentResults run(ExperimentRun run) throws Exception {
    ReadSelectionProfile p = ReadSelectionProfile.named(profile);
    ReadSelectionExperiment.Setup setup = new ReadSelectionExperiment.Setup(p, policies(), weights(p), spec,
        specSettings, settings.map(), ReadSelectionExperiment.PolicyScope.parse(policyScope), reader(),
        interRackMbps(), intraRackMbps());
    return new ReadSelectionExperiment(setup, run, processes.mode()).run();
  }

  private List<String> policies() {
    return Cli.list(policies);
  }

  /** Off-cluster, a rack's client host, or a DataNode (checked against the spec when the experiment starts). */
  ClientPlacement reader() {
    String text = client.trim();
    if (text.equals("off") || text.equals("off-cluster")) {
      return ClientPlacement.offCluster();
    }
    if (text.matches("/[^/]+")) {
      return ClientPlacement.inRack(text);
    }
    if (text.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      return ClientPlacement.onNode(text);
    }
    throw new IllegalArgumentException("--client must be off-cluster, a rack such as /r1 or a DataNode such as dn01,"
        + " was '" + client + "'");
  }

  List<Double> interRackMbps() {
    return Cli.list(interRack).stream().map(v -> bandwidth("--inter-rack", v)).distinct().toList();
  }

  List<Double> intraRackMbps() {
    return Cli.list(intraRack).stream().map(v -> bandwidth("--intra-rack", v)).distinct().toList();
  }

  /** A bandwidth the NameNode's key takes: 0, or at least {@link ConfigKey#MIN_THROUGHPUT} MB/s. */
  private static double bandwidth(String option, String text) {
    double mbps = Cli.number(option, text, 0, 1_000_000);
    if (mbps != 0 && mbps < ConfigKey.MIN_THROUGHPUT) {
      throw new IllegalArgumentException(option + " takes 0 or " + ConfigKey.MIN_THROUGHPUT + "..1000000 MB/s, was "
          + text.trim());
    }
    return mbps;
  }

  private List<Double> weights(ReadSelectionProfile p) {
    if (weights == null) {
      return p.weights();
    }
    if (weights.trim().equals("none")) {
      return List.of();
    }
    return Cli.list(List.of(weights)).stream().map(w -> Cli.number("--weights", w, 0.001, 1_000)).toList();
  }

  /** Refuses a read policy {@code ReadPolicies} does not know, before any cluster starts. */
  static void requireKnown(String policy) {
    if (!ReadPolicies.isKnown(policy)) {
      throw new IllegalArgumentException("--policies: unknown read policy '" + policy + "'; known: "
          + ReadPolicies.NAMES);
    }
  }
}
