/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.hdfs.DfsioClientConf;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.net.NetworkRecord;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/**
 * The read-selection paper's DFSIO experiments (§4.2) on one embedded {@code one-ssd} cluster: the data is written
 * once with TestDFSIO (One_SSD, RF 3, from off-cluster), then in rounds of one read per policy (the order rotated
 * from round to round) the NameNode restarts with the policy and TestDFSIO reads everything from off-cluster, all
 * maps at once, while every device is sampled (Fig. 3 and 4); then WRR reads once per weight of the sweep (Fig. 5).
 * Written as {@code results.json}, {@code report.md} and PNG plots.
 */
public final class ReadSelectionExperiment {

  /**
   * What to run.
   *
   * @param reader where TestDFSIO reads from: off-cluster, a rack's client host, or a DataNode (the data is always
   *     written from off-cluster)
   * @param interRackMbps inter-rack bandwidths the storage-aware policies are told, each policy run once per value
   *     when there are several ({@link ReadVariants}); empty keeps the cluster's
   * @param intraRackMbps the same for the bandwidth inside a rack (the paper's rule 2); at most one of the two
   *     compares several values
   */
  public record Setup(ReadSelectionProfile profile, List<String> policies, List<Double> weights, String specName,
      List<String> specSettings, Map<String, String> hdfsSettings, PolicyScope scope, ClientPlacement reader,
      List<Double> interRackMbps, List<Double> intraRackMbps) {

    public Setup {
      interRackMbps = List.copyOf(interRackMbps);
      intraRackMbps = List.copyOf(intraRackMbps);
      told(interRackMbps, intraRackMbps); // refuses two compared bandwidths before any cluster starts
    }

    /** Reads from off-cluster, every policy told the cluster's inter-rack bandwidth. */
    public Setup(ReadSelectionProfile profile, List<String> policies, List<Double> weights, String specName,
        List<String> specSettings, Map<String, String> hdfsSettings, PolicyScope scope) {
      this(profile, policies, weights, specName, specSettings, hdfsSettings, scope, ClientPlacement.offCluster(),
          List.of(), List.of());
    }

    /** The bandwidths the storage-aware policies are told ({@link ReadVariants.Told}). */
    List<ReadVariants.Told> told() {
      return told(interRackMbps, intraRackMbps);
    }

    private static List<ReadVariants.Told> told(List<Double> interRack, List<Double> intraRack) {
      return ReadVariants.oneCompared(List.of(ReadVariants.Told.interRack(interRack),
          ReadVariants.Told.intraRack(intraRack)));
    }

    boolean readsOffCluster() {
      return reader instanceof ClientPlacement.OffCluster;
    }
  }

  /**
   * Which of TestDFSIO's files get One_SSD. TestDFSIO's own {@code -storagePolicy} sets it on its data directory
   * only; its control files (one small file per map, read by the job before the data) then stay HOT, on DISK.
   * The round-robin policies count those DISK-only blocks as slow reads, and the credit sends the next data blocks
   * all to SSD, leaving the DISKs idle for the first third of a quick read (see docs/experiments/read-selection.md).
   * The paper used "the One_SSD policy" without saying on what; by default this experiment sets it on TestDFSIO's
   * whole directory.
   */
  public enum PolicyScope {
    /** One_SSD on TestDFSIO's base directory: data and control files. */
    ALL,
    /** TestDFSIO's -storagePolicy alone: data files One_SSD, control files HOT. */
    DATA;

    public static PolicyScope parse(String name) {
      switch (name.toLowerCase(Locale.ROOT)) {
        case "all":
          return ALL;
        case "data":
          return DATA;
        default:
          throw new IllegalArgumentException("--policy-scope must be all or data, was '" + name + "'");
      }
    }
  }

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "read-selection";
  static final String BASE_DIR = "/benchmarks/TestDFSIO";
  static final String BASELINE = "network-distance";
  /** The paper's four policies, HDFS's first. */
  public static final List<String> PAPER_POLICIES = List.of(BASELINE, "storage-type", "wrr", "drr");

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final ClusterMode mode;

  public ReadSelectionExperiment(Setup setup, ExperimentRun run) {
    this(setup, run, ClusterMode.EMBEDDED);
  }

  /** @param mode how the cluster runs its daemons (embedded, or a process per daemon) */
  public ReadSelectionExperiment(Setup setup, ExperimentRun run, ClusterMode mode) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
    this.mode = mode;
  }

  public ExperimentResults run() throws Exception {
    ReadSelectionProfile profile = setup.profile();
    ClusterSpec spec = ReadSpecs.load(setup.specName(), setup.specSettings(), profile.ssdMibS(),
        profile.diskMibS());
    ReadSpecs.requireTypes(spec, StorageType.SSD, StorageType.DISK);
    if (setup.reader() instanceof ClientPlacement.InRack r && !spec.racks().contains(r.rack())) {
      throw new IllegalArgumentException("--client " + r.rack() + ": spec '" + spec.name() + "' has racks "
          + spec.racks());
    }
    List<String> nodes = spec.dataNodes().stream().map(DataNodeSpec::name).toList();
    if (setup.reader() instanceof ClientPlacement.OnNode n && !nodes.contains(n.nodeName())) {
      throw new IllegalArgumentException("--client " + n.nodeName() + ": spec '" + spec.name() + "' has DataNodes "
          + nodes);
    }
    Path work = Files.createTempDirectory("replicakit-read-selection-");
    progress.step("starting a '%s' cluster (%d DataNodes, %d racks; %s)", spec.name(), spec.dataNodes().size(),
        spec.racks().size(), spec.devices().describe());
    DataLayout layout;
    List<RunResult> runs;
    ClusterOptions options = ReadClusterSettings.options(work.resolve("cluster"), spec, profile.blockBytes(),
        setup.hdfsSettings()).withMode(mode);
    // A reader on a DataNode of a shaped cluster is a process in that node's namespace: the testbed starts
    // TestDFSIO's own JVM there when the cluster runs YARN (its local job runner; no job goes to YARN).
    boolean onNode = setup.reader() instanceof ClientPlacement.OnNode;
    options = onNode && mode == ClusterMode.PROCESSES ? options.withYarn() : options;
    try (Cluster cluster = Cluster.start(spec, options)) {
      DfsioRunner dfsio = new DfsioRunner(ReadClusterSettings.clientConf(cluster), work.resolve("dfsio"));
      layout = write(cluster, dfsio);
      runs = readAll(new Reads(cluster, reader(cluster, dfsio, work), request(), progress, setup.reader()));
    } finally {
      FileUtil.fullyDelete(work.toFile());
    }
    // The model's reader is off-cluster, equally far from every replica; for a reader in a rack it has no ceiling.
    DeviceModel model = new DeviceModel(spec.dataNodes().size(), spec.devices().mibPerSec(StorageType.SSD),
        spec.devices().mibPerSec(StorageType.DISK), profile.replication(), setup.readsOffCluster()
            ? DeviceModel.variants(options.hdfsSettings(), policySettings()) : Map.of());
    return finish(spec, layout, runs, model);
  }

  /**
   * TestDFSIO at the reader's place: the writer's runner off-cluster; on a DataNode of a cluster of processes, a
   * client JVM of each job's own in that node's namespace; else a client in this JVM bound to the place's address
   * ({@link DfsioClientConf#at}: its IPC connections idle out quickly, so none outlives a NameNode restart).
   */
  private DfsioRunner reader(Cluster cluster, DfsioRunner offCluster, Path work) throws Exception {
    if (setup.readsOffCluster()) {
      return offCluster;
    }
    if (setup.reader() instanceof ClientPlacement.OnNode && mode == ClusterMode.PROCESSES) {
      return DfsioClientConf.runnerAt(cluster, setup.reader(), work.resolve("dfsio-reader"));
    }
    return new DfsioRunner(DfsioClientConf.at(cluster, setup.reader()), work.resolve("dfsio-reader"));
  }

  /**
   * The read stage (every policy) and the weight sweep, after one uncounted warm-up read; each stage in rounds of one
   * read per variant, the order rotated from round to round ({@link ReadRounds}; until session 54 each variant's
   * reads ran back to back, the baseline's always first).
   */
  private List<RunResult> readAll(Reads reads) throws Exception {
    reads.warmUp();
    Map<String, Map<String, String>> settings = policySettings();
    List<String> sweep = setup.weights().stream().map(ReadSelectionExperiment::wrrVariant).toList();
    List<String> readStage = settings.keySet().stream().filter(v -> !sweep.contains(v)).toList();
    List<String> sweepStage = settings.keySet().stream().filter(sweep::contains).toList();
    Map<String, List<ReadSample>> samples = new LinkedHashMap<>();
    reads.rounds(readStage, settings, setup.profile().repetitions(), samples);
    reads.rounds(sweepStage, settings, setup.profile().sweepRepetitions(), samples);
    List<RunResult> runs = new ArrayList<>();
    for (String v : settings.keySet()) {
      boolean inSweep = sweep.contains(v);
      runs.add(reads.result(v, inSweep ? ReadSelectionReport.SWEEP : ReadSelectionReport.READ, v.equals(BASELINE),
          samples.get(v)));
    }
    return runs;
  }

  /** The NameNode settings of each variant: the read stage's policies, then the sweep's WRR weights. */
  private Map<String, Map<String, String>> policySettings() {
    return ReadVariants.of(setup.policies(), setup.told(), setup.weights());
  }

  private ExperimentResults finish(ClusterSpec spec, DataLayout layout, List<RunResult> runs, DeviceModel model)
      throws Exception {
    Map<String, Object> cluster = new LinkedHashMap<>(ReadSpecs.describe(spec, layout,
        setup.profile().replication(), HdfsConstants.ONESSD_STORAGE_POLICY_NAME));
    cluster.put("mode", mode.label());
    cluster.put("reader", readerText());
    cluster.put("network", NetworkRecord.of(spec, mode));
    return run.finish(NAME, setup.profile().name(), cluster, runs, results -> ReadSelectionReport.write(results,
        run.outDir(), run.command(), setupText(spec, layout), model, progress.elapsedSeconds()));
  }

  /** The sweep's variant name, as {@code wrr(w=7)}. */
  static String wrrVariant(double w) {
    return ReadVariants.wrr(w);
  }

  private DataLayout write(Cluster cluster, DfsioRunner dfsio) throws Exception {
    ReadSelectionProfile p = setup.profile();
    progress.step("writing %d x %d MiB with TestDFSIO (One_SSD on %s, RF %d) from off-cluster", p.files(),
        p.fileBytes() >> 20, setup.scope() == PolicyScope.ALL ? "all its files" : "its data files",
        p.replication());
    DfsioData.Written written = DfsioData.write(cluster, dfsio, request(), HdfsConstants.ONESSD_STORAGE_POLICY_NAME,
        setup.scope());
    DataLayout layout = written.layout();
    progress.step("written in %.1f s: %d blocks, %s replicas per block", written.write().execTimeS(),
        layout.blocks(), layout.describeTypes());
    return layout;
  }

  private DfsioRequest request() {
    ReadSelectionProfile p = setup.profile();
    return DfsioRequest.of(DfsioRequest.Op.READ, p.files(), p.fileBytes())
        .withReplication(p.replication())
        .withParallelMaps(p.files())
        .withBaseDir(BASE_DIR);
  }

  private String setupText(ClusterSpec spec, DataLayout layout) {
    ReadSelectionProfile p = setup.profile();
    return "- Cluster: spec `" + spec.name() + "`: " + spec.description() + "; devices " + spec.devices().describe()
        + "\n- Data: " + p.files() + " files x " + (p.fileBytes() >> 20) + " MiB written once by TestDFSIO from"
        + " off-cluster with One_SSD, RF " + p.replication() + ", " + (p.blockBytes() >> 20) + " MiB blocks: "
        + layout.blocks() + " blocks, replicas per block " + layout.describeTypes() + "; SSD replicas per DataNode "
        + layout.ssdByNode()
        + (setup.scope() == PolicyScope.ALL ? "; One_SSD set on TestDFSIO's directory, so its control files too"
            : "; One_SSD on the data files only (`--policy-scope data`): TestDFSIO's control files are HOT")
        + "\n- Reads: TestDFSIO from " + readerText() + ", " + p.files()
        + " maps at once; " + p.repetitions() + " per policy, " + p.sweepRepetitions() + " per WRR weight;"
        + " in rounds of one read per variant, the order rotated from round to round; before each read the NameNode"
        + " restarted with the variant, then waited for a fresh system-state sample of every DataNode"
        + "\n- Policies' storage model: SSD " + fmt(spec.devices().throughput(StorageType.SSD).mbPerSec())
        + " and DISK " + fmt(spec.devices().throughput(StorageType.DISK).mbPerSec())
        + " MB/s (the emulated speeds), inter-rack bandwidth " + interRackText() + ", intra-rack bandwidth "
        + intraRackText()
        + "; DRR thresholds and steps at their defaults unless `--set` says otherwise" + extraSettings();
  }

  private String readerText() {
    if (setup.reader() instanceof ClientPlacement.OnNode n) {
      return "DataNode " + n.nodeName() + " (its own replicas are local, its rack's closer than the others)";
    }
    return setup.readsOffCluster() ? "off-cluster (equally far from every replica)"
        : "the client host of rack " + ((ClientPlacement.InRack) setup.reader()).rack()
            + " (replicas in its rack are closer than the others)";
  }

  private String interRackText() {
    List<Double> values = setup.interRackMbps();
    if (values.isEmpty()) {
      return setup.hdfsSettings().getOrDefault(ReadSelectionConfig.INTER_RACK_KEY,
          ReadClusterSettings.INTER_RACK_MBPS) + " MB/s";
    }
    List<String> numbers = values.stream().map(ReadVariants::number).toList();
    return values.size() == 1 ? numbers.get(0) + " MB/s"
        : String.join(" and ", numbers) + " MB/s compared: each storage-aware policy runs once with each, named"
            + " `POLICY(inter-rack=V)` (0 is the paper's rule 3: across racks, read the closest replica)";
  }


  private String intraRackText() {
    List<Double> values = setup.intraRackMbps();
    if (values.isEmpty()) {
      return setup.hdfsSettings().getOrDefault(ReadSelectionConfig.INTRA_RACK_KEY,
          ReadSelectionConfig.INTRA_RACK.literalDefault().orElseThrow()) + " MB/s";
    }
    List<String> numbers = values.stream().map(ReadVariants::number).toList();
    return values.size() == 1 ? numbers.get(0) + " MB/s"
        : String.join(" and ", numbers) + " MB/s compared: each storage-aware policy runs once with each, named"
            + " `POLICY(intra-rack=V)` (the paper's rule 2: a fast replica in the reader's rack only where the"
            + " rack's links carry more than slow storage)";
  }

  private String extraSettings() {
    if (setup.hdfsSettings().isEmpty() && setup.specSettings().isEmpty()) {
      return "";
    }
    List<String> all = new ArrayList<>(setup.specSettings());
    setup.hdfsSettings().forEach((k, v) -> all.add(k + "=" + v));
    return "\n- Extra settings: `" + String.join("`, `", all) + "`";
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  /** Reads under one policy setting after switching the NameNode to it. */
  static final class Reads {

    private final Cluster cluster;
    private final DfsioRunner dfsio;
    private final DfsioRequest request;
    private final Progress progress;
    private final Optional<String> readerNode;

    /** @param reader where {@code dfsio} reads from (a DataNode reader's link is counted as its own) */
    Reads(Cluster cluster, DfsioRunner dfsio, DfsioRequest request, Progress progress, ClientPlacement reader) {
      this.cluster = cluster;
      this.dfsio = dfsio;
      this.request = request;
      this.progress = progress;
      this.readerNode = reader instanceof ClientPlacement.OnNode n ? Optional.of(n.nodeName()) : Optional.empty();
    }

    /**
     * One read that is not counted, so that the first policy measured does not also pay for the JVM's warm-up
     * (JIT, first connections): a cold first read was up to 20 % slower than the next. Storage type, the fastest
     * to read everything once.
     */
    void warmUp() throws Exception {
      new PolicySwitch(cluster, progress).to("warm-up", ReadClusterSettings.policy("storage-type", Double.NaN));
      ReadSample s = new MeasuredRead(cluster, dfsio, request).run();
      progress.step("warm-up: read everything once (not counted): %.1f MB/s in %.1f s", s.aggregateMbS(),
          s.dfsio().execTimeS());
    }

    /**
     * {@code repetitions} rounds of one read per variant, in {@link ReadRounds}' order, each after a NameNode restart
     * with the variant's settings; the samples added to {@code samples} by variant.
     */
    void rounds(List<String> variants, Map<String, Map<String, String>> settings, int repetitions,
        Map<String, List<ReadSample>> samples) throws Exception {
      for (int round = 0; round < repetitions; round++) {
        for (String variant : ReadRounds.order(variants, round)) {
          new PolicySwitch(cluster, progress).to(variant, settings.get(variant));
          ReadSample s = new MeasuredRead(cluster, dfsio, request).run();
          samples.computeIfAbsent(variant, v -> new ArrayList<>()).add(s);
          progress.step("%s: read %d/%d: %.1f MB/s in %.1f s (SSD %.0f%%, DISK %.0f%% busy; %.0f%% read from SSD;"
              + " %.2f cores)", variant, round + 1, repetitions, s.aggregateMbS(), s.dfsio().execTimeS(),
              s.timeline().averagePct(StorageType.SSD), s.timeline().averagePct(StorageType.DISK),
              100.0 * s.timeline().bytesRead(StorageType.SSD) / Math.max(1, s.timeline().bytesRead()),
              s.timeline().jvmCpuCores());
        }
      }
    }

    /** A variant's result from its samples, in the order they were read. */
    RunResult result(String variant, String stage, boolean baseline, List<ReadSample> samples) {
      List<StorageType> types = cluster.spec().volumeTypes();
      return new RunResult(variant, baseline, stage, samples.size(),
          ReadMetrics.of(samples, types, Optional.empty(), readerNode), ReadMetrics.detail(samples, types));
    }
  }
}
