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
import io.replicakit.testbed.dfsio.DfsioResult;
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
import java.util.Optional;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/**
 * The hotspot paper's comparison (§IV): TestDFSIO read throughput of HDFS's own replica order against the
 * system-state score (the paper's modified HDFS) and ReplicaKit's combined policy, with one DataNode unstressed,
 * under I/O stress, and under CPU, memory and I/O stress. DISK-only spec (the paper's nodes had one volume type),
 * data written once (HOT, RF 3, from off-cluster); the stressed node is the one holding the most replicas.
 */
public final class HotspotExperiment {

  /** What to run. */
  public record Setup(HotspotProfile profile, List<String> policies, String specName, List<String> specSettings,
      Map<String, String> hdfsSettings) {}

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "hotspot";
  static final String BASE_DIR = "/benchmarks/TestDFSIO";
  static final String BASELINE = "network-distance";
  public static final List<String> POLICIES = List.of(BASELINE, "system-state", "combined");
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
    Path work = Files.createTempDirectory("replicakit-hotspot-");
    progress.step("starting a '%s' cluster (%d DataNodes, %d racks; %s)", spec.name(), spec.dataNodes().size(),
        spec.racks().size(), spec.devices().describe());
    DataLayout layout;
    List<RunResult> runs;
    try (Cluster cluster = Cluster.start(spec, ReadClusterSettings.options(work.resolve("cluster"),
        spec, setup.profile().blockBytes(), setup.hdfsSettings()).withMode(mode))) {
      DfsioRunner dfsio = new DfsioRunner(ReadClusterSettings.clientConf(cluster), work.resolve("dfsio"));
      layout = write(cluster, dfsio);
      runs = readAll(new Trial(cluster, dfsio, layout.busiestNode()), layout);
    } finally {
      FileUtil.fullyDelete(work.toFile());
    }
    return finish(spec, layout, runs);
  }

  /** Every policy through the three stages; the NameNode restarts once per policy. */
  private List<RunResult> readAll(Trial trial, DataLayout layout) throws Exception {
    progress.step("stressed node: %s (holds a replica of %.0f%% of the blocks)", trial.stressed,
        layout.blockSharePct(trial.stressed));
    List<RunResult> runs = new ArrayList<>();
    for (String policy : setup.policies()) {
      new PolicySwitch(trial.cluster, progress).to(policy, ReadClusterSettings.policy(policy, Double.NaN));
      for (HotspotStage stage : HotspotStage.all()) {
        runs.add(trial.stage(policy, stage));
      }
    }
    return runs;
  }

  private ExperimentResults finish(ClusterSpec spec, DataLayout layout, List<RunResult> runs) throws Exception {
    String stressed = layout.busiestNode();
    Map<String, Object> cluster = new LinkedHashMap<>(ReadSpecs.describe(spec, layout,
        setup.profile().replication(), HdfsConstants.HOT_STORAGE_POLICY_NAME));
    cluster.put("mode", mode.label());
    cluster.put("network", NetworkRecord.of(spec, mode));
    cluster.put("stressed_datanode", stressed);
    cluster.put("stressed_datanode_block_share_pct", ReadMetrics.round(layout.blockSharePct(stressed)));
    return run.finish(NAME, setup.profile().name(), cluster, runs, results -> HotspotReport.write(results,
        run.outDir(), run.command(), setupText(spec, layout, stressed), progress.elapsedSeconds()));
  }

  private DataLayout write(Cluster cluster, DfsioRunner dfsio) throws Exception {
    HotspotProfile p = setup.profile();
    progress.step("writing %d x %d MiB with TestDFSIO (HOT, RF %d) from off-cluster", p.files(),
        p.fileBytes() >> 20, p.replication());
    DfsioResult write = dfsio.run(request().withOp(DfsioRequest.Op.WRITE)
        .withStoragePolicy(HdfsConstants.HOT_STORAGE_POLICY_NAME));
    DataLayout layout = DataLayout.of(cluster, BASE_DIR + "/io_data");
    progress.step("written in %.1f s: %d blocks; replicas per DataNode %s", write.execTimeS(), layout.blocks(),
        layout.replicasByNode());
    return layout;
  }

  private DfsioRequest request() {
    HotspotProfile p = setup.profile();
    return DfsioRequest.of(DfsioRequest.Op.READ, p.files(), p.fileBytes())
        .withReplication(p.replication())
        .withParallelMaps(p.files())
        .withBaseDir(BASE_DIR);
  }

  private String setupText(ClusterSpec spec, DataLayout layout, String stressed) {
    HotspotProfile p = setup.profile();
    double disk = spec.devices().mibPerSec(StorageType.DISK);
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices " + spec.devices().describe()
        + "\n- Data: " + p.files() + " files x " + (p.fileBytes() >> 20) + " MiB written once by TestDFSIO from"
        + " off-cluster (HOT, RF " + p.replication() + ", " + (p.blockBytes() >> 20) + " MiB blocks): "
        + layout.blocks() + " blocks; replicas per DataNode " + layout.replicasByNode()
        + "\n- Stressed DataNode: `" + stressed + "`, the one holding the most replicas (a replica of "
        + Md.pct(layout.blockSharePct(stressed)) + " % of the blocks)"
        + "\n- I/O stress: background load of " + Md.num(p.loadFactor() * disk) + " MiB/s offered to each of its"
        + " volumes (" + Md.num(p.loadFactor()) + "× the " + Md.num(disk) + " MiB/s device), real contention on"
        + " the emulated device\n- CPU and memory stress: the node reports " + Md.pct(p.cpuBusyPct())
        + " % CPU busy and " + Md.pct(p.memoryUsedPct()) + " % memory used (emulated in its metrics only)"
        + "\n- Reads: TestDFSIO from off-cluster (equally far from every replica), " + p.files() + " maps at once, "
        + p.repetitions() + " per policy and stage; before each read the NameNode's registry had a sample of the"
        + " stressed node taken under the stage's stress (or of every node after the previous stress ended)";
  }

  /** The reads of one policy in one stage. */
  private final class Trial {

    private final Cluster cluster;
    private final DfsioRunner dfsio;
    private final String stressed;

    Trial(Cluster cluster, DfsioRunner dfsio, String stressed) {
      this.cluster = cluster;
      this.dfsio = dfsio;
      this.stressed = stressed;
    }

    RunResult stage(String policy, HotspotStage stage) throws Exception {
      List<ReadSample> samples = new ArrayList<>();
      int reps = setup.profile().repetitions();
      for (int i = 1; i <= reps; i++) {
        try (Stress stress = stressed(stage)) {
          ReadSample s = new MeasuredRead(cluster, dfsio, request()).run();
          samples.add(s);
          progress.step("%s, %s: read %d/%d: %.1f MB/s in %.1f s, %.0f%% of the bytes from %s", policy, stage.id(),
              i, reps, s.aggregateMbS(), s.dfsio().execTimeS(),
              100.0 * s.timeline().bytesReadOnNode(stressed) / Math.max(1, s.timeline().bytesRead()), stressed);
        }
      }
      List<StorageType> types = cluster.spec().volumeTypes();
      return new RunResult(policy, policy.equals(BASELINE), stage.id(), reps,
          ReadMetrics.of(samples, types, Optional.of(stressed)), ReadMetrics.detail(samples, types));
    }

    /** Applies the stage's stress and waits until the NameNode has a sample showing it. */
    private Stress stressed(HotspotStage stage) throws Exception {
      long since = System.currentTimeMillis() + ReadClusterSettings.METRICS_INTERVAL_MS;
      double disk = cluster.spec().devices().mibPerSec(StorageType.DISK);
      Stress stress = Stress.apply(cluster.devices(stressed), stage, setup.profile(), disk);
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
