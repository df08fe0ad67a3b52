/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.placement.analysis.PlacementPolicies;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.NetworkRecord;
import io.replicakit.testbed.spec.ClusterSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/**
 * The hotspot experiment's write workload: TestDFSIO writes from off-cluster (HOT, RF 3) while one DataNode's
 * disk is under background I/O, once per placement policy, stages {@code none} and {@code io-stress}. The question
 * is the placement side of the hotspot paper: does a policy that reads node state keep new replicas off the busy
 * disk, so the write pipelines do not wait for it? The heartbeat-metrics plugins run as in the read workload, so the
 * NameNode's registry has every DataNode's state; before each write it holds a sample of the stressed node taken
 * under the stage's stress. The stressed node is the one the default policy put the most replicas on in an
 * unstressed warm-up write: a node the writers use.
 */
final class HotspotWriteExperiment {

  static final String BASELINE = "default";
  /** The policies compared by default, where the placement registry knows them. */
  static final List<String> CANDIDATES = List.of(BASELINE, "state-aware");
  static final List<HotspotStage> STAGES = List.of(HotspotStage.NONE, HotspotStage.IO);
  static final String THROUGHPUT = "write_throughput_mb_s";
  /** Where TestDFSIO writes its files. */
  static final String DATA_DIR = HotspotExperiment.BASE_DIR + "/io_data";
  private static final Duration STRESS_TIMEOUT = Duration.ofSeconds(30);

  private final HotspotExperiment.Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final ClusterMode mode;

  HotspotWriteExperiment(HotspotExperiment.Setup setup, ExperimentRun run, ClusterMode mode) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
    this.mode = mode;
  }

  /** The default policy list: those of {@link #CANDIDATES} the registry knows. */
  static List<String> defaultPolicies() {
    List<String> known = new ArrayList<>();
    for (String p : CANDIDATES) {
      try {
        PlacementPolicies.resolve(p);
        known.add(p);
      } catch (IllegalArgumentException e) {
        // not installed in this build
      }
    }
    return known;
  }

  /** Checks a policy list: placement policies the registry knows, {@code default} (the baseline) among them. */
  static void requireKnown(List<String> policies) {
    if (!policies.contains(BASELINE)) {
      throw new IllegalArgumentException("--policies must include " + BASELINE + " (the baseline) for --workload"
          + " write; got " + policies);
    }
    policies.forEach(PlacementPolicies::resolve);
  }

  ExperimentResults run() throws Exception {
    ClusterSpec spec = ReadSpecs.load(setup.specName(), setup.specSettings(), Double.NaN, Double.NaN);
    ReadSpecs.requireTypes(spec, StorageType.DISK);
    Path work = Files.createTempDirectory("replicakit-hotspot-write-");
    progress.step("starting a '%s' cluster (%d DataNodes, %d racks; %s)", spec.name(), spec.dataNodes().size(),
        spec.racks().size(), spec.devices().describe());
    DataLayout warmUp;
    List<RunResult> runs = new ArrayList<>();
    try (Cluster cluster = Cluster.start(spec, ReadClusterSettings.options(work.resolve("cluster"),
        spec, setup.profile().blockBytes(), setup.hdfsSettings()).withMode(mode))) {
      DfsioRunner dfsio = new DfsioRunner(ReadClusterSettings.clientConf(cluster), work.resolve("dfsio"));
      warmUp = write(cluster, dfsio); // the cluster starts with HDFS's default placement policy
      String stressed = warmUp.busiestNode();
      progress.step("warm-up write with %s: replicas per DataNode %s; stressed node: %s (%.0f%% of the blocks)",
          BASELINE, warmUp.replicasByNode(), stressed, warmUp.blockSharePct(stressed));
      for (String policy : setup.policies()) {
        switchTo(cluster, policy);
        for (HotspotStage stage : STAGES) {
          runs.add(stage(cluster, dfsio, policy, stage, stressed));
        }
      }
    } finally {
      FileUtil.fullyDelete(work.toFile());
    }
    return finish(spec, warmUp, runs);
  }

  /** Restarts the NameNode with the placement policy; reads keep HDFS's own order. */
  private void switchTo(Cluster cluster, String policy) throws Exception {
    Map<String, String> settings = new LinkedHashMap<>(ReadClusterSettings.policy(
        ReadSelectionConfig.POLICY_DEFAULT, Double.NaN));
    settings.putAll(PlacementPolicies.hdfsSettings(PlacementPolicies.resolve(policy)));
    new PolicySwitch(cluster, progress).to(policy, settings);
  }

  private RunResult stage(Cluster cluster, DfsioRunner dfsio, String policy, HotspotStage stage, String stressed)
      throws Exception {
    List<WriteSample> samples = new ArrayList<>();
    int reps = setup.profile().repetitions();
    for (int i = 1; i <= reps; i++) {
      try (Stress stress = stressed(cluster, stage, stressed)) {
        WriteSample s = WriteSample.of(dfsio.run(request()), layout(cluster), stressed);
        samples.add(s);
        progress.step("%s, %s: write %d/%d: %.1f MB/s in %.1f s, %.0f%% of the blocks on %s", policy, stage.id(),
            i, reps, s.aggregateMbS(), s.dfsio().execTimeS(), s.stressedSharePct(), stressed);
      }
    }
    return WriteSample.result(policy, policy.equals(BASELINE), stage.id(), samples);
  }

  /** Applies the stage's stress and waits until the NameNode has a sample of the stressed node showing it. */
  private Stress stressed(Cluster cluster, HotspotStage stage, String node) throws Exception {
    long since = System.currentTimeMillis() + ReadClusterSettings.METRICS_INTERVAL_MS;
    double disk = cluster.spec().devices().mibPerSec(StorageType.DISK);
    Stress stress = Stress.apply(cluster.devices(node), stage, setup.profile(), disk);
    try {
      RegistryWait.await(cluster, List.of(RegistryWait.uuid(cluster, node)), since, stage.showsStress(),
          STRESS_TIMEOUT);
      return stress;
    } catch (Exception | Error e) {
      stress.close();
      throw e;
    }
  }

  private DataLayout write(Cluster cluster, DfsioRunner dfsio) throws Exception {
    HotspotProfile p = setup.profile();
    progress.step("warm-up: writing %d x %d MiB with TestDFSIO (HOT, RF %d) from off-cluster", p.files(),
        p.fileBytes() >> 20, p.replication());
    dfsio.run(request());
    return layout(cluster);
  }

  /** Where the last write's replicas are, asked with the client settings that survive NameNode restarts. */
  private static DataLayout layout(Cluster cluster) throws Exception {
    return DataLayout.of(cluster, DATA_DIR, ReadClusterSettings.clientConf(cluster));
  }

  private DfsioRequest request() {
    HotspotProfile p = setup.profile();
    return DfsioRequest.of(DfsioRequest.Op.WRITE, p.files(), p.fileBytes())
        .withReplication(p.replication())
        .withParallelMaps(p.files())
        .withBaseDir(HotspotExperiment.BASE_DIR)
        .withStoragePolicy(HdfsConstants.HOT_STORAGE_POLICY_NAME);
  }

  private ExperimentResults finish(ClusterSpec spec, DataLayout warmUp, List<RunResult> runs) throws Exception {
    String stressed = warmUp.busiestNode();
    Map<String, Object> cluster = new LinkedHashMap<>(ReadSpecs.describe(spec, warmUp,
        setup.profile().replication(), HdfsConstants.HOT_STORAGE_POLICY_NAME));
    cluster.put("mode", mode.label());
    cluster.put("network", NetworkRecord.of(spec, mode));
    cluster.put("workload", "write");
    cluster.put("stressed_datanode", stressed);
    cluster.put("stressed_datanode_block_share_pct", ReadMetrics.round(warmUp.blockSharePct(stressed)));
    String text = setupText(spec, warmUp, stressed);
    return run.finish(HotspotExperiment.NAME, setup.profile().name(), cluster, runs,
        results -> HotspotWriteReport.write(results, run.outDir(), run.command(), text, progress.elapsedSeconds()));
  }

  private String setupText(ClusterSpec spec, DataLayout warmUp, String stressed) {
    HotspotProfile p = setup.profile();
    double disk = spec.devices().mibPerSec(StorageType.DISK);
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices " + spec.devices().describe()
        + "\n- Writes: TestDFSIO from off-cluster (a client that is no DataNode), " + p.files() + " files x "
        + (p.fileBytes() >> 20) + " MiB at once (HOT, RF " + p.replication() + ", " + (p.blockBytes() >> 20)
        + " MiB blocks), " + p.repetitions() + " per policy and stage; reads keep HDFS's order"
        + "\n- Stressed DataNode: `" + stressed + "`, the one the default policy put the most replicas on in an"
        + " unstressed warm-up write (" + Md.pct(warmUp.blockSharePct(stressed)) + " % of the blocks)"
        + "\n- I/O stress: background load of " + Md.num(p.loadFactor() * disk) + " MiB/s offered to each of its"
        + " volumes (" + Md.num(p.loadFactor()) + "× the " + Md.num(disk) + " MiB/s device); before each write the"
        + " NameNode's registry had a sample of it taken under the stress";
  }
}
