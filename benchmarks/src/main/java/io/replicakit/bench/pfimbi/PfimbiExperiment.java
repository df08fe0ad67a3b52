/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.bench.device.DeviceSampler;
import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.hdfs.DfsioClientConf;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.pfimbi.client.PfimbiFiles;
import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.pfimbi.proto.PfimbiProtos.ManagerStatusProto;
import io.replicakit.pfimbi.rpc.RmClient;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;

/**
 * Thesis §5.1-5.3: two back-to-back TestDFSIO write jobs (Figs. 5.6, 5.7), or one Sort job (Figs. 5.5, 5.6;
 * {@link PfimbiWorkload}), under HDFS(3,3), HDFS(1,1) with {@code setReplication(3)} as each job ends, and
 * Pfimbi(3,1), each variant on a fresh embedded cluster of the same spec; optionally on nodes split between
 * primaries on HDD or SSD and replicas (Figs. 5.2, 5.3; {@link PrimaryLayout}). Measured per variant, from the first
 * job's start: when the jobs' primary writes were done ({@code primary_write_s}), when every block had a second
 * copy ({@code first_replicas_s}) and a third ({@code all_replicas_s}, the work span), with block completions per
 * pipeline position over time.
 */
public final class PfimbiExperiment {

  /**
   * What to run.
   *
   * @param repeat repetitions; each runs every variant on a fresh cluster, so that a ratio is taken between runs
   *     made minutes apart on the same machine
   * @param layouts where the primaries go; each repetition runs every variant in every layout
   * @param workload what the jobs do
   */
  public record Setup(PfimbiProfile profile, List<PfimbiVariant> variants, String specName,
      Map<String, String> hdfsSettings, int repeat, List<PrimaryLayout> layouts, PfimbiWorkload workload) {

    public Setup {
      variants = List.copyOf(variants);
      layouts = List.copyOf(layouts);
      if (layouts.isEmpty()) {
        throw new IllegalArgumentException("no layout");
      }
    }

    /** The thesis's usual layout and DFSIO jobs, {@code repeat} times. */
    public Setup(PfimbiProfile profile, List<PfimbiVariant> variants, String specName,
        Map<String, String> hdfsSettings, int repeat) {
      this(profile, variants, specName, hdfsSettings, repeat, List.of(PrimaryLayout.SHARED), PfimbiWorkload.DFSIO);
    }

    /** One repetition of the thesis's usual layout. */
    public Setup(PfimbiProfile profile, List<PfimbiVariant> variants, String specName,
        Map<String, String> hdfsSettings) {
      this(profile, variants, specName, hdfsSettings, 1);
    }

    /**
     * The stage of repetition {@code rep} (1-based) in {@code layout}: {@code write} for a single repetition of the
     * shared layout, else {@code repN}; a split layout's name in front ({@code ssd}, {@code ssd-repN}).
     */
    String stage(PrimaryLayout layout, int rep) {
      String prefix = layout == PrimaryLayout.SHARED ? "" : layout.id();
      if (repeat == 1) {
        return prefix.isEmpty() ? "write" : prefix;
      }
      return (prefix.isEmpty() ? "" : prefix + "-") + "rep" + rep;
    }

    /** Every stage, repetition by repetition, layout by layout (the order the runs are made in). */
    List<String> stages() {
      List<String> stages = new ArrayList<>();
      for (int rep = 1; rep <= repeat; rep++) {
        for (PrimaryLayout layout : layouts) {
          stages.add(stage(layout, rep));
        }
      }
      return stages;
    }

    /** The stages of one layout, in repetition order. */
    List<String> stages(PrimaryLayout layout) {
      return java.util.stream.IntStream.rangeClosed(1, repeat).mapToObj(rep -> stage(layout, rep)).toList();
    }

    /** Whether the run includes the shared layout, the one issue 18's targets are about. */
    boolean shared() {
      return layouts.contains(PrimaryLayout.SHARED);
    }
  }

  static final int MAX_REPEAT = 20;

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "pfimbi";

  static final String BASE_DIR = "/benchmarks/pfimbi";
  /** The Sort job's input: outside the jobs' directories, so not replicated by Pfimbi nor counted. */
  static final String SORT_INPUT = BASE_DIR + "/sort-input";
  private static final long TIMELINE_PERIOD_MS = 250;
  private static final Duration REPLICATION_TIMEOUT = Duration.ofMinutes(20);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(10);
  static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(2);

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final ClusterMode mode;
  private final Map<String, List<CopyTimeline.Point>> timelines = new LinkedHashMap<>();
  private final Map<String, DiskTimeline> diskTimelines = new LinkedHashMap<>();

  public PfimbiExperiment(Setup setup, ExperimentRun run) {
    this(setup, run, ClusterMode.EMBEDDED);
  }

  /** @param mode how the cluster runs its daemons (embedded, or a process per daemon) */
  public PfimbiExperiment(Setup setup, ExperimentRun run, ClusterMode mode) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
    this.mode = mode;
  }

  public ExperimentResults run() throws Exception {
    ClusterSpec spec = ClusterSpecs.load(setup.specName());
    checkLayouts(spec);
    List<RunResult> runs = new ArrayList<>();
    for (int rep = 1; rep <= setup.repeat(); rep++) {
      for (PrimaryLayout layout : setup.layouts()) {
        Map<PfimbiVariant, RunResult> made = new LinkedHashMap<>();
        for (PfimbiVariant variant : runOrder(setup.variants(), rep)) {
          made.put(variant, runVariant(variant, spec, layout, rep));
        }
        setup.variants().forEach(v -> runs.add(made.get(v)));
      }
    }
    Map<String, Object> cluster = PfimbiClusterRecipe.describe(spec, mode, setup.profile().blockBytes(),
        setup.profile().blocksPerJob());
    cluster.put("repetitions", setup.repeat());
    cluster.put("layouts", setup.layouts().stream().map(PrimaryLayout::id).toList());
    cluster.put("workload", setup.workload().id());
    PfimbiReport.Timelines plotted = new PfimbiReport.Timelines(timelines, diskTimelines);
    return run.finish(NAME, setup.profile().name(), cluster, runs,
        results -> PfimbiReport.write(results, plotted, setup, run, spec));
  }

  /**
   * The variants in the order repetition {@code rep} (1-based) runs them: rotated by one each repetition, so that
   * no variant always runs first (the experiment's first cluster starts on a cold machine: page cache, JIT) or
   * always right after the same other one. Results are listed in the given order whatever the run order.
   */
  static List<PfimbiVariant> runOrder(List<PfimbiVariant> variants, int rep) {
    List<PfimbiVariant> order = new ArrayList<>(variants);
    Collections.rotate(order, -((rep - 1) % Math.max(1, variants.size())));
    return order;
  }

  private void checkLayouts(ClusterSpec spec) {
    List<String> problems = setup.layouts().stream().flatMap(l -> l.problems(spec).stream()).toList();
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
  }

  private RunResult runVariant(PfimbiVariant variant, ClusterSpec spec, PrimaryLayout layout, int rep)
      throws Exception {
    Path work = Files.createTempDirectory("replicakit-pfimbi-");
    String label = label(variant, layout, rep);
    progress.step("%s: starting a '%s' cluster (%s)", label, spec.name(), spec.devices().describe());
    try (Cluster cluster = Cluster.start(spec, options(work.resolve("cluster"), variant).withMode(mode))) {
      return new Trial(cluster, variant, clientConf(cluster, variant, layout), work, new Place(layout, rep, label))
          .run();
    } finally {
      FileUtil.fullyDelete(work.toFile());
    }
  }

  private ClusterOptions options(Path dir, PfimbiVariant variant) throws IOException {
    ClusterOptions options = PfimbiClusterRecipe.base(dir, setup.profile().blockBytes());
    if (variant.pfimbi()) {
      options = PfimbiClusterRecipe.withSettings(
          PfimbiClusterRecipe.withPfimbi(options, setup.profile().bufferBlocks()), variant.pfimbiSettings());
    }
    return PfimbiClusterRecipe.withSettings(options, setup.hdfsSettings());
  }

  /** How progress lines and plots name a run: the stage (when there is more than one) and the variant. */
  private String label(PfimbiVariant variant, PrimaryLayout layout, int rep) {
    boolean oneStage = setup.repeat() == 1 && setup.layouts().size() == 1 && layout == PrimaryLayout.SHARED;
    return (oneStage ? "" : setup.stage(layout, rep) + " ") + variant.id();
  }

  private static Configuration clientConf(Cluster cluster, PfimbiVariant variant, PrimaryLayout layout) {
    Configuration conf = DfsioClientConf.at(cluster, layout.writers(cluster.spec()));
    conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, variant.writeReplication());
    return conf;
  }

  static String jobDir(int job) {
    return BASE_DIR + "/job" + job;
  }

  static String dataDir(int job) {
    return jobDir(job) + "/io_data";
  }

  /** Where job {@code job} writes the files whose copies are counted: TestDFSIO's data, or the sorted output. */
  private String outputDir(int job) {
    return setup.workload() == PfimbiWorkload.SORT ? jobDir(job) + "/output" : dataDir(job);
  }

  /** HDFS's own background replication (thesis's setRep): raise every file of {@code dir} to {@code replication}. */
  static void setReplication(DistributedFileSystem fs, org.apache.hadoop.fs.Path dir, int replication)
      throws IOException {
    for (FileStatus f : fs.listStatus(dir)) {
      fs.setReplication(f.getPath(), (short) replication);
    }
  }

  /** Which run a trial is: its layout, its repetition, and its name in progress lines and plots. */
  private record Place(PrimaryLayout layout, int rep, String label) {}

  /** One variant on its cluster: the jobs, the replication they leave behind, the metrics. */
  private final class Trial {

    private final Cluster cluster;
    private final PfimbiVariant variant;
    private final Configuration conf;
    private final Path work;
    private final PrimaryLayout layout;
    private final int rep;
    private final String label;

    /**
     * @param conf the jobs' client configuration (where they write from, their replication)
     * @param work this trial's local directory (TestDFSIO's and the job runner's files)
     */
    Trial(Cluster cluster, PfimbiVariant variant, Configuration conf, Path work, Place place) {
      this.cluster = cluster;
      this.variant = variant;
      this.conf = conf;
      this.work = work;
      this.layout = place.layout();
      this.rep = place.rep();
      this.label = place.label();
    }

    RunResult run() throws Exception {
      int jobs = setup.workload().jobs();
      Map<String, Double> metrics = new LinkedHashMap<>();
      try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        prepare(fs);
        markJobs(fs);
        List<org.apache.hadoop.fs.Path> outputs = java.util.stream.IntStream.rangeClosed(1, jobs)
            .mapToObj(job -> new org.apache.hadoop.fs.Path(outputDir(job))).toList();
        try (CopyTimeline timeline = new CopyTimeline(fs, outputs, TIMELINE_PERIOD_MS);
            DeviceSampler devices = DeviceSampler.start(cluster)) {
          double previousEnd = 0;
          for (int job = 1; job <= jobs; job++) {
            runJob(job, metrics);
            double end = timeline.elapsedSeconds();
            progress.step("%s: job %d took %.1f s", label, job, end - previousEnd);
            metrics.put("job" + job + "_write_s", end - previousEnd);
            previousEnd = end;
            if (variant == PfimbiVariant.HDFS_11_SETREP) {
              setReplication(fs, new org.apache.hadoop.fs.Path(outputDir(job)), 3);
            }
          }
          metrics.put("primary_write_s", previousEnd);
          int blocks = blocks(timeline);
          awaitCopies(timeline, blocks);
          metrics.put("first_replicas_s", timeline.reached(2, blocks).orElse(Double.NaN));
          metrics.put("all_replicas_s", timeline.reached(3, blocks).orElse(Double.NaN));
          DiskTimeline disks = new DiskTimeline(devices.finish());
          putDiskMetrics(metrics, disks, metrics.get("all_replicas_s"));
          if (layout.split()) {
            putPlacement(metrics, fs, outputs);
          }
          metrics.put("primary_cpu_pct", disks.meanCpuPct(metrics.get("primary_write_s")));
          if (rep == 1) {
            timelines.put(label, timeline.points());
            diskTimelines.put(label, disks);
          }
          progress.step("%s: primary writes %.1f s, second copies %.1f s, third copies %.1f s", label,
              metrics.get("primary_write_s"), metrics.get("first_replicas_s"), metrics.get("all_replicas_s"));
          return new RunResult(variant.id(), variant.baseline(), setup.stage(layout, rep), 1, metrics,
              Map.of("blocks", blocks, "layout", layout.id(), "workload", setup.workload().id()));
        }
      }
    }

    /** Sort's input, written before the clock starts; nothing for DFSIO. */
    private void prepare(DistributedFileSystem fs) throws IOException, InterruptedException {
      if (setup.workload() == PfimbiWorkload.SORT) {
        PfimbiProfile p = setup.profile();
        progress.step("%s: writing the sort input, %d files of %d MiB", label, p.files(), p.fileBytes() >> 20);
        SortJob.writeInput(fs, new org.apache.hadoop.fs.Path(SORT_INPUT), p.files(), p.fileBytes(), rep);
        awaitFlushed();
      }
    }

    /** Until the setup's writes are on the disks: each variant's job starts with the nodes' memory clean. */
    private void awaitFlushed() throws InterruptedException {
      if (!DeviceSampler.awaitFlushed(cluster, SETTLE_TIMEOUT)) {
        progress.step("%s: data still unflushed after %d s; starting anyway", label, SETTLE_TIMEOUT.toSeconds());
      }
    }

    private void runJob(int job, Map<String, Double> metrics) throws Exception {
      if (setup.workload() == PfimbiWorkload.SORT) {
        if (!SortJob.run(conf, new org.apache.hadoop.fs.Path(SORT_INPUT), new org.apache.hadoop.fs.Path(
            outputDir(job)), setup.profile().files(), work.resolve("mapred"))) {
          throw new IllegalStateException(label + ": the sort job failed");
        }
        return;
      }
      DfsioResult result = new DfsioRunner(conf, work.resolve("dfsio")).run(request(job));
      progress.step("%s: job %d wrote %d MB (TestDFSIO %.1f MB/s)", label, job, Math.round(result.totalMb()),
          result.throughputMbS());
      metrics.put("job" + job + "_throughput_mb_s", result.throughputMbS());
    }

    /** The blocks the jobs wrote: known beforehand for DFSIO; for Sort, what its output holds once it ended. */
    private int blocks(CopyTimeline timeline) throws IOException {
      if (setup.workload() == PfimbiWorkload.DFSIO) {
        return setup.workload().jobs() * setup.profile().blocksPerJob();
      }
      return timeline.count()[0];
    }

    /**
     * The disks from the first job's start to the work span: their mean utilization (thesis §5.5: idle disk time is
     * what lengthens Pfimbi's span), what they read (§5.6, Table 5.4: forwarding blocks no longer cached), and the
     * data written but still in memory when the last copy landed (a replica counts once its DataNode has it,
     * flushed or not, so write-back lets a span end with data still to write).
     */
    private void putDiskMetrics(Map<String, Double> metrics, DiskTimeline disks, double spanS) {
      metrics.put("disk_busy_pct", disks.meanBusyPct(spanS));
      metrics.put("disk_read_mib", disks.readMib(spanS));
      metrics.put("dirty_at_span_mib", disks.dirtyMib(spanS));
    }

    /**
     * Where the copies ended, as the NameNode has them (split layouts): the share of replicas on the primaries'
     * rack (a third when the split held: one copy of three) and, of those, the share on SSD (all of them in layout
     * {@code ssd}, none in {@code hdd}).
     */
    private void putPlacement(Map<String, Double> metrics, DistributedFileSystem fs,
        List<org.apache.hadoop.fs.Path> outputs) throws IOException {
      String primaryRack = PrimaryLayout.primaryRack(cluster.spec());
      int replicas = 0;
      int onPrimaryRack = 0;
      int onPrimaryRackSsd = 0;
      for (org.apache.hadoop.fs.Path dir : outputs) {
        RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
        while (files.hasNext()) {
          String file = files.next().getPath().toUri().getPath();
          for (LocatedBlock b : fs.getClient().getLocatedBlocks(file, 0, Long.MAX_VALUE).getLocatedBlocks()) {
            for (int i = 0; i < b.getLocations().length; i++) {
              replicas++;
              if (b.getLocations()[i].getNetworkLocation().equals(primaryRack)) {
                onPrimaryRack++;
                onPrimaryRackSsd += b.getStorageTypes()[i] == StorageType.SSD ? 1 : 0;
              }
            }
          }
        }
      }
      metrics.put("primary_rack_replicas_pct", 100.0 * onPrimaryRack / Math.max(1, replicas));
      metrics.put("primary_rack_ssd_pct", 100.0 * onPrimaryRackSsd / Math.max(1, onPrimaryRack));
    }

    /**
     * Each job's directory, with the layout's storage policy (its files inherit it) and, for Pfimbi, the job's
     * request: three copies, as many synchronous as the variant writes, one flow per job (thesis §4.3), weight 1
     * (§5).
     */
    private void markJobs(DistributedFileSystem fs) throws IOException {
      for (int job = 1; job <= setup.workload().jobs(); job++) {
        org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(jobDir(job));
        fs.mkdirs(dir);
        if (layout.storagePolicy().isPresent()) {
          fs.setStoragePolicy(dir, layout.storagePolicy().get());
        }
        if (variant.pfimbi()) {
          PfimbiFiles.mark(fs, dir, new PfimbiSpec(3, variant.writeReplication(), "job" + job, 1.0));
        }
      }
    }

    private DfsioRequest request(int job) {
      PfimbiProfile p = setup.profile();
      return DfsioRequest.of(DfsioRequest.Op.WRITE, p.files(), p.fileBytes())
          .withReplication(variant.writeReplication())
          .withParallelMaps(p.files())
          .withBaseDir(jobDir(job));
    }

    /** Waits for the third copies, with a progress line every {@link #PROGRESS_EVERY}. */
    private void awaitCopies(CopyTimeline timeline, int blocks) throws Exception {
      try {
        CopyTimeline.awaitAll(List.of(timeline), 3, blocks, REPLICATION_TIMEOUT, PROGRESS_EVERY, () -> {
          int[] c = count(timeline);
          progress.step("%s: %d of %d blocks with 2 copies, %d with 3%s", label, c[1], blocks, c[2], managers());
        });
      } catch (IllegalStateException e) {
        throw new IllegalStateException(label + ": " + e.getMessage() + ": "
            + java.util.Arrays.toString(count(timeline)) + " of " + blocks, e);
      }
    }

    private int[] count(CopyTimeline timeline) {
      try {
        return timeline.count();
      } catch (IOException e) {
        return new int[3];
      }
    }

    /** The Replication Managers' state summed over the DataNodes (Pfimbi only). */
    private String managers() {
      if (!variant.pfimbi()) {
        return "";
      }
      Configuration rmConf = cluster.clientConf(ClientPlacement.offCluster());
      int port = PfimbiClusterRecipe.managerPort(rmConf);
      long[] sum = new long[5];
      StringBuilder regulators = new StringBuilder();
      try (RmClient client = new RmClient(rmConf, port, 2_000)) {
        for (DataNodeSpec dn : cluster.spec().dataNodes()) {
          for (ManagerStatusProto m : client.status(dn.address()).getManagersList()) {
            sum[0] += m.getQueued();
            sum[1] += m.getBuffered();
            sum[2] += m.getFetched();
            sum[3] += m.getWritten();
            sum[4] += m.getFailed();
            regulators.append(String.format(java.util.Locale.ROOT, " %.1f/%.1f", m.getActivity() / 1e6,
                m.getThreshold() / 1e6));
          }
        }
      } catch (IOException e) {
        return "; managers unreachable: " + e.getMessage();
      }
      return String.format(java.util.Locale.ROOT, "; managers: %d queued, %d buffered, %d fetched, %d written, "
          + "%d failed; activity/threshold MB/s%s", sum[0], sum[1], sum[2], sum[3], sum[4], regulators);
    }
  }
}
