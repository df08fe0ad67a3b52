/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.results.Md;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.NetworkRecord;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/**
 * The hotspot paper's comparison (§IV): TestDFSIO read throughput of HDFS's own replica order against the
 * system-state score (the paper's modified HDFS) and ReplicaKit's combined policy, with one DataNode unstressed,
 * under I/O stress, and under CPU, memory and I/O stress. Data written once from off-cluster (RF 3); the stressed
 * node is the one holding the most replicas.
 *
 * <p>On a DISK-only spec (the paper's nodes had one volume type) the data is HOT and the score is the only
 * difference between the policies. On a spec with SSD volumes too ({@code one-ssd}) the data is written as the
 * read-selection experiment writes it ({@link DfsioData}, One_SSD on TestDFSIO's whole directory), and the default
 * policies add the storage-aware ones, {@code storage-type} and {@code drr}: there a hotspot meets storage speed,
 * and the question is whether a policy that prefers the SSD replica still steps around a busy node.
 */
public final class HotspotExperiment {

  /** What to run. */
  public record Setup(HotspotProfile profile, List<String> policies, String specName, List<String> specSettings,
      Map<String, String> hdfsSettings) {}

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "hotspot";
  static final String BASE_DIR = "/benchmarks/TestDFSIO";
  static final String BASELINE = "network-distance";
  /** The default policies on a DISK-only spec: HDFS's order, the paper's score, ReplicaKit's combined policy. */
  public static final List<String> DISK_POLICIES = List.of(BASELINE, "system-state", "combined");
  /** The default policies on a spec with SSD volumes: the DISK-only ones and read-selection's storage-aware two. */
  public static final List<String> SSD_POLICIES = List.of(BASELINE, "storage-type", "drr", "system-state",
      "combined");
  private static final Duration STRESS_TIMEOUT = Duration.ofSeconds(30);

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final ClusterMode mode;

  public HotspotExperiment(Setup setup, ExperimentRun run) {
    this(setup, run, ClusterMode.EMBEDDED);
  }

  /** @param mode how the cluster runs its daemons (embedded, or a process per daemon) */
  public HotspotExperiment(Setup setup, ExperimentRun run, ClusterMode mode) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
    this.mode = mode;
  }

  public ExperimentResults run() throws Exception {
    ClusterSpec spec = ReadSpecs.load(setup.specName(), setup.specSettings(), Double.NaN, Double.NaN);
    ReadSpecs.requireTypes(spec, StorageType.DISK);
    String storagePolicy = storagePolicy(spec);
    Path work = Files.createTempDirectory("replicakit-hotspot-");
    progress.step("starting a '%s' cluster (%d DataNodes, %d racks; %s)", spec.name(), spec.dataNodes().size(),
        spec.racks().size(), spec.devices().describe());
    DataLayout layout;
    List<RunResult> runs;
    try (Cluster cluster = Cluster.start(spec, ReadClusterSettings.options(work.resolve("cluster"),
        spec, setup.profile().blockBytes(), setup.hdfsSettings()).withMode(mode))) {
      DfsioRunner dfsio = new DfsioRunner(ReadClusterSettings.clientConf(cluster), work.resolve("dfsio"));
      layout = write(cluster, dfsio, storagePolicy);
      runs = readAll(new Trial(cluster, dfsio, layout.busiestNode()), layout);
    } finally {
      FileUtil.fullyDelete(work.toFile());
    }
    return finish(spec, layout, runs, storagePolicy);
  }

  /** The data's storage policy: One_SSD where the spec has SSD volumes, as read-selection writes; HOT otherwise. */
  static String storagePolicy(ClusterSpec spec) {
    return hasSsd(spec) ? HdfsConstants.ONESSD_STORAGE_POLICY_NAME : HdfsConstants.HOT_STORAGE_POLICY_NAME;
  }

  /** The policies run when {@code --policies} is not given: {@link #SSD_POLICIES} or {@link #DISK_POLICIES}. */
  public static List<String> defaultPolicies(ClusterSpec spec) {
    return hasSsd(spec) ? SSD_POLICIES : DISK_POLICIES;
  }

  private static boolean hasSsd(ClusterSpec spec) {
    return spec.volumeTypes().contains(StorageType.SSD);
  }

  /**
   * Every policy through the three stages: each stage in rounds of one read per policy, the order rotated from round
   * to round ({@link ReadRounds}), the NameNode restarted with the policy before each read. Until session 54 each
   * policy ran its three stages on one NameNode start, policy after policy, the baseline always first.
   */
  private List<RunResult> readAll(Trial trial, DataLayout layout) throws Exception {
    progress.step("stressed node: %s (holds a replica of %.0f%% of the blocks)", trial.stressed,
        layout.blockSharePct(trial.stressed));
    trial.warmUp();
    Map<String, List<RunResult>> byPolicy = new LinkedHashMap<>();
    setup.policies().forEach(p -> byPolicy.put(p, new ArrayList<>()));
    for (HotspotStage stage : HotspotStage.all()) {
      Map<String, List<ReadSample>> samples = new LinkedHashMap<>();
      int reps = setup.profile().repetitions();
      for (int round = 0; round < reps; round++) {
        for (String policy : ReadRounds.order(setup.policies(), round)) {
          new PolicySwitch(trial.cluster, progress).to(policy, ReadClusterSettings.policy(policy, Double.NaN));
          trial.unstressedSinceRestart = true;
          samples.computeIfAbsent(policy, p -> new ArrayList<>()).add(trial.read(policy, stage, round + 1, reps));
        }
      }
      samples.forEach((policy, reads) -> byPolicy.get(policy).add(trial.result(policy, stage, reads)));
    }
    List<RunResult> runs = new ArrayList<>();
    byPolicy.values().forEach(runs::addAll);
    return runs;
  }

  private ExperimentResults finish(ClusterSpec spec, DataLayout layout, List<RunResult> runs, String storagePolicy)
      throws Exception {
    String stressed = layout.busiestNode();
    Map<String, Object> cluster = new LinkedHashMap<>(ReadSpecs.describe(spec, layout,
        setup.profile().replication(), storagePolicy));
    cluster.put("mode", mode.label());
    cluster.put("network", NetworkRecord.of(spec, mode));
    cluster.put("stressed_datanode", stressed);
    cluster.put("stressed_datanode_block_share_pct", ReadMetrics.round(layout.blockSharePct(stressed)));
    return run.finish(NAME, setup.profile().name(), cluster, runs, results -> HotspotReport.write(results,
        run.outDir(), run.command(), setupText(spec, layout, stressed, storagePolicy), progress.elapsedSeconds()));
  }

  /** Writes the data once, the storage policy on TestDFSIO's whole directory (control files too). */
  private DataLayout write(Cluster cluster, DfsioRunner dfsio, String storagePolicy) throws Exception {
    HotspotProfile p = setup.profile();
    progress.step("writing %d x %d MiB with TestDFSIO (%s, RF %d) from off-cluster", p.files(),
        p.fileBytes() >> 20, storagePolicy, p.replication());
    DfsioData.Written written = DfsioData.write(cluster, dfsio, request(), storagePolicy,
        ReadSelectionExperiment.PolicyScope.ALL);
    DataLayout layout = written.layout();
    progress.step("written in %.1f s: %d blocks, replica types %s; replicas per DataNode %s",
        written.write().execTimeS(), layout.blocks(), layout.describeTypes(), layout.replicasByNode());
    return layout;
  }

  private DfsioRequest request() {
    HotspotProfile p = setup.profile();
    return DfsioRequest.of(DfsioRequest.Op.READ, p.files(), p.fileBytes())
        .withReplication(p.replication())
        .withParallelMaps(p.files())
        .withBaseDir(BASE_DIR);
  }

  private String setupText(ClusterSpec spec, DataLayout layout, String stressed, String storagePolicy) {
    HotspotProfile p = setup.profile();
    double device = Stress.fastestMibS(spec);
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices " + spec.devices().describe()
        + "\n- Data: " + p.files() + " files x " + (p.fileBytes() >> 20) + " MiB written once by TestDFSIO from"
        + " off-cluster (storage policy " + storagePolicy + " on TestDFSIO's directory, RF " + p.replication()
        + ", " + Sizes.format(p.blockBytes()) + " blocks): " + layout.blocks() + " blocks, replica types "
        + layout.describeTypes() + "; replicas per DataNode " + layout.replicasByNode()
        + "\n- Stressed DataNode: `" + stressed + "`, the one holding the most replicas (a replica of "
        + Md.pct(layout.blockSharePct(stressed)) + " % of the blocks)"
        + "\n- I/O stress: background load of " + Md.num(p.loadFactor() * device) + " MiB/s offered to each of"
        + " its volumes (" + Md.num(p.loadFactor()) + "× the " + Md.num(device) + " MiB/s of its fastest device,"
        + " so every volume is saturated), real contention on the emulated devices"
        + "\n- Policies' storage model: " + storageModel(spec) + " (the emulated speeds)"
        + "\n- CPU and memory stress: the node reports " + Md.pct(p.cpuBusyPct())
        + " % CPU busy and " + Md.pct(p.memoryUsedPct()) + " % memory used (emulated in its metrics only)"
        + "\n- Reads: TestDFSIO from off-cluster (equally far from every replica), " + p.files() + " maps at once, "
        + p.repetitions() + " per policy and stage, in rounds of one read per policy (the order rotated from round to"
        + " round, the NameNode restarted with the policy before each read); before each read the NameNode's registry"
        + " had a sample of the"
        + " stressed node taken under the stage's stress (or of every node after the previous stress ended)";
  }

  /** E.g. {@code SSD 41.9 MB/s, DISK 8.4 MB/s}: what the NameNode's read policies take each volume type to read. */
  private static String storageModel(ClusterSpec spec) {
    return spec.volumeTypes().stream().map(t -> t + " " + Md.num(spec.devices().throughput(t).mbPerSec())
        + " MB/s").collect(java.util.stream.Collectors.joining(", "));
  }

  /** The reads of one policy in one stage. */
  private final class Trial {

    private final Cluster cluster;
    private final DfsioRunner dfsio;
    private final String stressed;
    /**
     * Whether the registry's samples of every node were taken after a NameNode restart that followed the last
     * stress: {@link PolicySwitch} waits for exactly those, so an unstressed stage right after it needs no wait.
     */
    private boolean unstressedSinceRestart;

    Trial(Cluster cluster, DfsioRunner dfsio, String stressed) {
      this.cluster = cluster;
      this.dfsio = dfsio;
      this.stressed = stressed;
    }

    /**
     * One read that is not counted, before the first policy's stages: else that policy alone pays for the JVM's
     * warm-up (JIT, first connections; a cold first read was up to 20 % slower in read-selection's runs). Under
     * the baseline on a NameNode of its own, as read-selection's warm-up: a state policy's first stage then starts
     * from its own restart, not from the warm-up's weights, turns and read-loaded samples.
     */
    void warmUp() throws Exception {
      new PolicySwitch(cluster, progress).to("warm-up", ReadClusterSettings.policy(BASELINE, Double.NaN));
      ReadSample s = new MeasuredRead(cluster, dfsio, request()).run();
      progress.step("warm-up: read everything once under %s (not counted): %.1f MB/s in %.1f s", BASELINE,
          s.aggregateMbS(), s.dfsio().execTimeS());
    }

    /** Read {@code i} of {@code reps} of {@code policy} under {@code stage}'s stress. */
    ReadSample read(String policy, HotspotStage stage, int i, int reps) throws Exception {
      try (Stress stress = stressed(stage)) {
        ReadSample s = new MeasuredRead(cluster, dfsio, request()).run();
        progress.step("%s, %s: read %d/%d: %.1f MB/s in %.1f s, %.0f%% of the bytes from %s", policy, stage.id(),
            i, reps, s.aggregateMbS(), s.dfsio().execTimeS(),
            100.0 * s.timeline().bytesReadOnNode(stressed) / Math.max(1, s.timeline().bytesRead()), stressed);
        return s;
      }
    }

    /** A policy's result in a stage, from its samples in the order they were read. */
    RunResult result(String policy, HotspotStage stage, List<ReadSample> samples) {
      List<StorageType> types = cluster.spec().volumeTypes();
      return new RunResult(policy, policy.equals(BASELINE), stage.id(), samples.size(),
          ReadMetrics.of(samples, types, Optional.of(stressed)), ReadMetrics.detail(samples, types));
    }

    /**
     * Applies the stage's stress and waits until the NameNode has a sample showing it; without stress, one of every
     * node taken after the last stress ended (which {@link PolicySwitch} has already waited for after a restart).
     */
    private Stress stressed(HotspotStage stage) throws Exception {
      long since = System.currentTimeMillis() + ReadClusterSettings.METRICS_INTERVAL_MS;
      Stress stress = Stress.apply(cluster.devices(stressed), stage, setup.profile(),
          Stress.fastestMibS(cluster.spec()));
      if (stage == HotspotStage.NONE && unstressedSinceRestart) {
        return stress;
      }
      unstressedSinceRestart = false;
      try {
        List<String> uuids = stage == HotspotStage.NONE ? new PolicySwitch(cluster, progress).allUuids()
            : List.of(RegistryWait.uuid(cluster, stressed));
        RegistryWait.await(cluster, uuids, since, stage.showsStress(), STRESS_TIMEOUT);
        return stress;
      } catch (Exception | Error e) {
        stress.close();
        throw e;
      }
    }
  }
}
