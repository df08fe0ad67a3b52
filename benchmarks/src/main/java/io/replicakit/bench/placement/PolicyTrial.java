/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.placement;

import io.replicakit.bench.hdfs.HdfsBalancer;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.Stats;
import io.replicakit.placement.analysis.BlockReplicas;
import io.replicakit.placement.analysis.HdfsPlacementReader;
import io.replicakit.placement.analysis.HdfsPolicyVerifier;
import io.replicakit.placement.analysis.NodeUsage;
import io.replicakit.placement.analysis.PlacementAnalysis;
import io.replicakit.placement.analysis.PlacementPolicies;
import io.replicakit.placement.analysis.PlacementReport;
import io.replicakit.placement.analysis.PlacementSnapshot;
import io.replicakit.placement.analysis.PolicyChoice;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.LinkCounters;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The paper's three stages (§4) for one placement policy on a fresh embedded cluster: load (TestDFSIO write
 * from a client host in the first rack, then reads from off-cluster), re-replication (one DataNode killed in rack 1
 * and one in rack 3, timed until every block is back at RF 3, then reads), balancing (HDFS's Balancer at the profile's
 * threshold, then reads). After each stage the placement is analysed.
 */
final class PolicyTrial {

  static final String BASE_DIR = "/benchmarks/TestDFSIO";
  static final Path DATA = new Path(BASE_DIR + "/io_data");
  private static final Duration REREPLICATION_TIMEOUT = Duration.ofMinutes(30);
  private static final Duration BALANCER_TIMEOUT = Duration.ofMinutes(60);

  private final PolicyChoice policy;
  private final ClusterSpec spec;
  /** The links' counters at the end of the previous stage (or the start), for each stage's link usage. */
  private List<LinkCounters> linksBefore = List.of();
  private long linksBeforeNanos;
  private final PlacementProfile profile;
  private final java.nio.file.Path workDir;
  private final java.nio.file.Path logDir;
  private final Progress progress;
  private final boolean baseline;
  private final ClusterMode mode;
  private final BalancerChoice balancer;
  private final boolean measureEarlierStages;

  /**
   * @param workDir scratch space (cluster storage, TestDFSIO results), deleted by the caller
   * @param logDir kept with the results: the Balancer's output
   * @param mode how the cluster runs its daemons
   */
  PolicyTrial(PolicyChoice policy, ClusterSpec spec, PlacementProfile profile, java.nio.file.Path workDir,
      java.nio.file.Path logDir, Progress progress, ClusterMode mode) {
    this(policy, spec, profile, workDir, logDir, progress, mode, BalancerChoice.HDFS, true);
  }

  /**
   * @param balancer the balancer of stage 3
   * @param measureEarlierStages whether stages 1 and 2 are analysed, read and reported; a second trial of the same
   *     policy for another balancer runs them only to bring its cluster to the same point
   */
  PolicyTrial(PolicyChoice policy, ClusterSpec spec, PlacementProfile profile, java.nio.file.Path workDir,
      java.nio.file.Path logDir, Progress progress, ClusterMode mode, BalancerChoice balancer,
      boolean measureEarlierStages) {
    this.policy = policy;
    this.logDir = logDir;
    this.spec = spec;
    this.profile = profile;
    this.workDir = workDir;
    this.progress = progress;
    this.baseline = policy.name().equals("default");
    this.mode = mode;
    this.balancer = balancer;
    this.measureEarlierStages = measureEarlierStages;
  }

  List<RunResult> run() throws Exception {
    List<RunResult> runs = new ArrayList<>();
    try (Cluster cluster = Cluster.start(spec, options())) {
      linksBefore = cluster.linkCounters();
      linksBeforeNanos = System.nanoTime();
      // "Written through a node in R1" (§4): a client host of rack 1 that is not itself a DataNode, so the
      // first replicas spread over rack 1's DataNodes as in the paper's Table 1.
      String writerRack = spec.racks().get(0);
      // In processes mode the writer is a TestDFSIO JVM of its own on that host (the local job runner there).
      DfsioRunner writes = cluster.dfsio(ClientPlacement.inRack(writerRack), workDir.resolve("dfsio"));
      // The paper's read maps ran all over the cluster (YARN), each reading the nearest replica of its file. In
      // processes mode they do: TestDFSIO goes to YARN and its maps run on the NodeManagers. The embedded local
      // job runner has one client, so it reads from off-cluster, where the NameNode spreads readers over all
      // replicas instead of sending every read to the replicas in the client's own rack.
      DfsioRunner reads = cluster.dfsioOnNodes(workDir.resolve("dfsio"));
      RunResult load = load(cluster, writes, reads, writerRack);
      RunResult rereplication = rereplication(cluster, reads);
      if (measureEarlierStages) {
        runs.add(load);
        runs.add(rereplication);
      }
      runs.add(balancing(cluster, reads));
    }
    return runs;
  }

  private ClusterOptions options() {
    ClusterOptions base = ClusterOptions.in(workDir.resolve("cluster")).withMode(mode);
    // Processes mode runs YARN so the reads' maps run on every node (the embedded mode ignores it).
    ClusterOptions options = (mode == ClusterMode.PROCESSES ? base.withYarn() : base)
        .with("dfs.blocksize", Long.toString(profile.blockBytes()))
        // HDFS's production default (MiniDFSCluster turns it off): the paper ran stock HDFS.
        .with("dfs.namenode.redundancy.considerLoad", "true");
    for (Map.Entry<String, String> e : PlacementPolicies.hdfsSettings(policy).entrySet()) {
      options = options.with(e.getKey(), e.getValue());
    }
    return options;
  }

  private RunResult load(Cluster cluster, DfsioRunner writes, DfsioRunner reads, String writerRack)
      throws Exception {
    progress.step("%s: load: TestDFSIO write of %d x %d MiB from a client in %s", policy.name(), profile.files(),
        profile.fileBytes() >> 20, writerRack);
    DfsioResult write = writes.run(request(DfsioRequest.Op.WRITE));
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("write_throughput_mb_s", write.throughputMbS());
    metrics.put("write_avg_io_rate_mb_s", write.averageIoRateMbS());
    metrics.put("write_time_s", write.execTimeS());
    return measuredStage(cluster, reads, "load", metrics);
  }

  private RunResult rereplication(Cluster cluster, DfsioRunner dfsio) throws Exception {
    List<String> victims = victims();
    progress.step("%s: rereplication: killing %s", policy.name(), String.join(" and ", victims));
    long start = System.nanoTime();
    cluster.killDataNodes(victims);
    cluster.waitForLiveReplicas(new Path(BASE_DIR), profile.replication(), REREPLICATION_TIMEOUT);
    double seconds = (System.nanoTime() - start) / 1e9;
    progress.step("%s: rereplication: every block back at RF %d after %.1f s", policy.name(),
        profile.replication(), seconds);
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("rereplication_time_s", seconds);
    metrics.put("failed_datanodes_count", (double) victims.size());
    return measuredStage(cluster, dfsio, "rereplication", metrics);
  }

  /** {@link #stage} for stages 1 and 2, or null when this trial does not report them. */
  private RunResult measuredStage(Cluster cluster, DfsioRunner dfsio, String stage, Map<String, Double> metrics)
      throws Exception {
    if (!measureEarlierStages) {
      linkUsage(cluster); // the balancing stage's link usage starts here, as in a measured trial
      return null;
    }
    return stage(cluster, dfsio, stage, metrics, snapshot(cluster));
  }

  private RunResult balancing(Cluster cluster, DfsioRunner dfsio) throws Exception {
    PlacementSnapshot before = snapshot(cluster);
    progress.step("%s: %s: %s, threshold %.1f%%", policy.name(), balancer.stage(), balancer.description(),
        profile.thresholdPct());
    HdfsBalancer.Outcome outcome = HdfsBalancer.run(balancer.mainClass(), balancer.logName(),
        cluster.uri().toString(), profile.thresholdPct(), balancerSettings(), logDir, BALANCER_TIMEOUT);
    PlacementSnapshot after = snapshot(cluster);
    long moved = bytesMoved(before, after);
    progress.step("%s: %s: %s after %d iterations, %.1f s, %d MiB moved", policy.name(), balancer.stage(),
        outcome.exitStatus(), outcome.iterations(), outcome.duration().toMillis() / 1000.0, moved >> 20);
    Map<String, Double> metrics = new LinkedHashMap<>();
    metrics.put("balancing_time_s", outcome.duration().toMillis() / 1000.0);
    metrics.put("bytes_moved", (double) moved);
    metrics.put("balancing_iterations", (double) outcome.iterations());
    metrics.put("balancer_exit_code", (double) outcome.exitCode());
    // Where this balancer started: with several balancers each starts from its own run of stages 1-2.
    PlacementReport start = analyze(cluster, before);
    metrics.put("utilization_std_before_pct", start.utilizationStdPct());
    metrics.put("blocks_in_unique_racks_before_pct", start.blocksInUniqueRacksPct());
    return stage(cluster, dfsio, balancer.stage(), metrics, after);
  }

  private PlacementReport analyze(Cluster cluster, PlacementSnapshot snapshot) throws Exception {
    return PlacementAnalysis.analyze(snapshot,
        HdfsPolicyVerifier.create(policy.className(), cluster.clientConf(ClientPlacement.offCluster()),
            snapshot.nodes()));
  }

  /** Analyses the placement after the stage, reads R times, and packs everything into the stage's result. */
  private RunResult stage(Cluster cluster, DfsioRunner dfsio, String stage, Map<String, Double> metrics,
      PlacementSnapshot snapshot) throws Exception {
    PlacementReport report = analyze(cluster, snapshot);
    progress.step("%s: %s: %.2f%% blocks in unique racks, utilization sigma %.2f%%; reading %d times",
        policy.name(), stage, report.blocksInUniqueRacksPct(), report.utilizationStdPct(), profile.reads());
    metrics.put("blocks_count", (double) report.blocks());
    metrics.put("blocks_in_unique_racks_pct", report.blocksInUniqueRacksPct());
    metrics.put("violating_blocks_pct", report.violatingPct().orElse(Double.NaN));
    metrics.put("occupation_mean_bytes", report.occupationMeanBytes());
    metrics.put("occupation_std_bytes", report.occupationStdBytes());
    metrics.put("utilization_mean_pct", report.utilizationMeanPct());
    metrics.put("utilization_std_pct", report.utilizationStdPct());
    reads(dfsio, metrics);
    Map<String, Object> detail = detail(report, cluster.spec());
    detail.put("links", linkUsage(cluster));
    return new RunResult(policy.name(), baseline, stage, profile.reads(), metrics, detail);
  }

  private void reads(DfsioRunner dfsio, Map<String, Double> metrics) throws Exception {
    List<Double> throughput = new ArrayList<>();
    List<Double> ioRate = new ArrayList<>();
    List<Double> time = new ArrayList<>();
    for (int i = 0; i < profile.reads(); i++) {
      DfsioResult read = dfsio.run(request(DfsioRequest.Op.READ));
      throughput.add(read.throughputMbS());
      ioRate.add(read.averageIoRateMbS());
      time.add(read.execTimeS());
    }
    put(metrics, "read_throughput_mb_s", Stats.of(throughput));
    put(metrics, "read_avg_io_rate_mb_s", Stats.of(ioRate));
    put(metrics, "read_time_s", Stats.of(time));
  }

  private static void put(Map<String, Double> metrics, String name, Stats stats) {
    metrics.put(name, stats.mean());
    metrics.put(name + "_std", stats.std());
  }

  /**
   * What each link of a shaped network carried since the previous stage (bytes each way, utilization of its
   * rate); empty when the network is not shaped.
   */
  private List<Map<String, Object>> linkUsage(Cluster cluster) throws java.io.IOException {
    List<LinkCounters> now = cluster.linkCounters();
    long nowNanos = System.nanoTime();
    List<Map<String, Object>> usage = LinkCounters.since(linksBefore, now, (nowNanos - linksBeforeNanos) / 1e9);
    linksBefore = now;
    linksBeforeNanos = nowNanos;
    return usage;
  }

  private Map<String, Object> detail(PlacementReport report, ClusterSpec running) {
    List<Object> nodes = new ArrayList<>();
    for (NodeUsage usage : report.nodes()) {
      Map<String, Object> node = new LinkedHashMap<>();
      node.put("datanode", nodeName(running, usage.id()));
      node.put("rack", usage.rack());
      node.put("occupation_bytes", usage.occupationBytes());
      node.put("capacity_bytes", usage.capacityBytes());
      node.put("utilization_pct", usage.utilizationPct());
      nodes.add(node);
    }
    Map<String, Object> detail = new LinkedHashMap<>();
    detail.put("datanodes", nodes);
    detail.put("bytes_per_rack", new LinkedHashMap<>(report.bytesPerRack()));
    detail.put("blocks_by_rack_count", new LinkedHashMap<>(report.blocksByRackCount()));
    detail.put("blocks_by_max_replicas_per_rack", new LinkedHashMap<>(report.blocksByMaxReplicasPerRack()));
    return detail;
  }

  /**
   * The spec's name of the DataNode with transfer address {@code ip:port}, in the spec as the cluster runs it
   * (with a shaped network, its hosts have their namespaces' addresses).
   */
  private static String nodeName(ClusterSpec running, String xferAddress) {
    String ip = xferAddress.substring(0, xferAddress.lastIndexOf(':'));
    return running.dataNodes().stream().filter(dn -> dn.address().equals(ip)).map(DataNodeSpec::name)
        .findFirst().orElse(xferAddress);
  }

  private PlacementSnapshot snapshot(Cluster cluster) throws Exception {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      return HdfsPlacementReader.read(fs, DATA);
    }
  }

  /** As in the paper: the last DataNode of rack 1 and of rack 3 (DN03 and DN08). */
  private List<String> victims() {
    List<String> victims = new ArrayList<>();
    List<String> racks = spec.racks();
    for (int r : new int[] {0, 2}) {
      if (r < racks.size()) {
        List<DataNodeSpec> nodes = spec.dataNodesInRack(racks.get(r));
        victims.add(nodes.get(nodes.size() - 1).name());
      }
    }
    return victims;
  }

  /** What the Balancer's own JVM needs to see of the cluster's configuration. */
  private Map<String, String> balancerSettings() {
    return balancerSettings(policy, profile);
  }

  /**
   * The Balancer's settings for a policy and a profile. Besides the policy's keys:
   * <ul>
   *   <li>{@code dfs.balancer.getBlocks.min-block-size}: the Balancer skips blocks under 10 MB by default and
   *       would find nothing to move among the profile's scaled-down blocks;</li>
   *   <li>{@code dfs.blocksize}: the profile's block size. The Balancer holds its lock file
   *       ({@code /system/balancer.id}) open while it runs, and each of that file's three DataNodes reserves a
   *       whole block for the open replica, which the Balancer then counts as used ({@code capacity -
   *       remaining}). With HDFS's 128 MiB default that is half of a 232 MiB node of the {@code paper} spec: the
   *       Balancer drained and refilled nodes after phantom usage and ended with {@code NO_MOVE_PROGRESS}
   *       (docs/experiments/placement.md, "Why the Balancer stalled"). On a real cluster one block is noise
   *       beside a disk; scaled down, it has to be scaled too.</li>
   * </ul>
   */
  static Map<String, String> balancerSettings(PolicyChoice policy, PlacementProfile profile) {
    Map<String, String> settings = new HashMap<>(PlacementPolicies.hdfsSettings(policy));
    settings.put("dfs.balancer.getBlocks.min-block-size", "1");
    settings.put("dfs.blocksize", Long.toString(profile.blockBytes()));
    settings.put("dfs.heartbeat.interval", "1");
    return settings;
  }

  /** Bytes of replicas that appeared on a node that did not hold them before: what the Balancer moved. */
  static long bytesMoved(PlacementSnapshot before, PlacementSnapshot after) {
    Map<Long, Set<String>> old = new HashMap<>();
    for (BlockReplicas b : before.blocks()) {
      old.put(b.blockId(), new HashSet<>(b.nodeIds()));
    }
    long moved = 0;
    for (BlockReplicas b : after.blocks()) {
      Set<String> was = old.getOrDefault(b.blockId(), Set.of());
      moved += b.nodeIds().stream().filter(n -> !was.contains(n)).count() * b.sizeBytes();
    }
    return moved;
  }

  private DfsioRequest request(DfsioRequest.Op op) {
    return DfsioRequest.of(op, profile.files(), profile.fileBytes())
        .withReplication(profile.replication())
        .withParallelMaps(profile.parallelMaps())
        .withBaseDir(BASE_DIR);
  }
}
