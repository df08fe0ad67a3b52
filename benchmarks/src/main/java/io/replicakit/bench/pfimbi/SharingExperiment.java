/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.hdfs.DfsioClientConf;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.pfimbi.client.PfimbiFiles;
import io.replicakit.pfimbi.client.PfimbiSpec;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * Thesis §5.4, "Pfimbi can divide bandwidth flexibly", each variant on a fresh embedded cluster of the same spec.
 * Stage {@code flows} (Fig. 5.8): three Pfimbi(3,1) TestDFSIO jobs, jobs 1 and 2 at once and job 3 once they have
 * written their primaries, with the variant's flow weights; measured: each job's background copies over time and
 * their ratios while two and then three flows have copies to make. Stage {@code positions} (Fig. 5.9): one
 * Pfimbi(4,1) job, the Replication Managers serving pipeline positions 2, 3 and 4 as the variant says; measured:
 * when the first and the last block gained each copy.
 */
public final class SharingExperiment {

  /** What to run. */
  public record Setup(SharingProfile profile, List<SharingVariant> variants, String specName,
      Map<String, String> hdfsSettings) {}

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "pfimbi-sharing";

  static final int FLOW_JOBS = 3;
  static final int POSITION_COPIES = 4;
  private static final String BASE_DIR = "/benchmarks/pfimbi-sharing";
  private static final long TIMELINE_PERIOD_MS = 250;
  private static final Duration REPLICATION_TIMEOUT = Duration.ofMinutes(20);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(10);
  /**
   * A flow counts as having copies to make until this share of its background copies has landed: the last few
   * wait at one or two nodes only, where the other flows no longer compete, so they say nothing about shares.
   */
  static final double BACKLOG_END = 0.9;

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  /** Per variant, its jobs' copy timelines (one per job; one job for positions). */
  private final Map<SharingVariant, List<List<CopyTimeline.Point>>> timelines = new LinkedHashMap<>();

  public SharingExperiment(Setup setup, ExperimentRun run) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
  }

  public ExperimentResults run() throws Exception {
    ClusterSpec spec = ClusterSpecs.load(setup.specName());
    if (spec.dataNodes().size() < POSITION_COPIES) {
      throw new IllegalArgumentException("spec " + spec.name() + " has " + spec.dataNodes().size()
          + " DataNodes; the positions stage writes " + POSITION_COPIES + " copies of each block");
    }
    List<RunResult> runs = new ArrayList<>();
    for (SharingVariant variant : setup.variants()) {
      runs.add(runVariant(variant, spec));
    }
    Map<String, Object> cluster = PfimbiClusterRecipe.describe(spec, ClusterMode.EMBEDDED, setup.profile().blockBytes(),
        setup.profile().blocksPerJob());
    return run.finish(NAME, setup.profile().name(), cluster, runs,
        results -> SharingReport.write(results, timelines, setup, run, spec));
  }

  private RunResult runVariant(SharingVariant variant, ClusterSpec spec) throws Exception {
    Path work = Files.createTempDirectory("replicakit-pfimbi-sharing-");
    progress.step("%s: starting a '%s' cluster (%s)", variant.id(), spec.name(), spec.devices().describe());
    try (Cluster cluster = Cluster.start(spec, options(work.resolve("cluster"), variant));
        DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      Jobs jobs = new Jobs(cluster, fs, work);
      Map<String, Double> metrics = variant.stage() == SharingVariant.Stage.FLOWS
          ? new FlowsTrial(variant, jobs).run() : new PositionsTrial(variant, jobs).run();
      return new RunResult(variant.id(), false, variant.stage().id(), 1, metrics,
          Map.of("blocks_per_job", setup.profile().blocksPerJob()));
    } finally {
      FileUtil.fullyDelete(work.toFile());
    }
  }

  private ClusterOptions options(Path dir, SharingVariant variant) {
    ClusterOptions options = PfimbiClusterRecipe.withPfimbi(
        PfimbiClusterRecipe.base(dir, setup.profile().blockBytes()), setup.profile().bufferBlocks());
    return PfimbiClusterRecipe.withSettings(PfimbiClusterRecipe.withSettings(options, variant.settings()),
        setup.hdfsSettings());
  }

  /** The jobs of one variant: directories, their Pfimbi marks, TestDFSIO runs (each with its own scratch). */
  private final class Jobs {

    private final Cluster cluster;
    private final DistributedFileSystem fs;
    private final Path work;
    private final long startNanos = System.nanoTime();

    Jobs(Cluster cluster, DistributedFileSystem fs, Path work) {
      this.cluster = cluster;
      this.fs = fs;
      this.work = work;
    }

    double elapsedSeconds() {
      return (System.nanoTime() - startNanos) / 1e9;
    }

    String dir(int job) {
      return BASE_DIR + "/job" + job;
    }

    void mark(int job, PfimbiSpec spec) throws IOException {
      org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path(dir(job));
      fs.mkdirs(dir);
      PfimbiFiles.mark(fs, dir, spec);
    }

    CopyTimeline timeline(int job, int copies) {
      return new CopyTimeline(fs, List.of(new org.apache.hadoop.fs.Path(dir(job) + "/io_data")),
          TIMELINE_PERIOD_MS, copies, startNanos);
    }

    /** Runs job {@code job}'s primary writes (replication 1: Pfimbi adds the rest); returns when it ended. */
    double write(int job) throws IOException {
      Configuration conf = DfsioClientConf.offCluster(cluster);
      conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, 1);
      SharingProfile p = setup.profile();
      new DfsioRunner(conf, work.resolve("dfsio-" + job)).run(
          DfsioRequest.of(DfsioRequest.Op.WRITE, p.files(), p.fileBytes()).withReplication(1)
              .withParallelMaps(p.files()).withBaseDir(dir(job)));
      return elapsedSeconds();
    }
  }

  /** Fig. 5.8: three jobs with the variant's flow weights. */
  private final class FlowsTrial {

    private final SharingVariant variant;
    private final Jobs jobs;

    FlowsTrial(SharingVariant variant, Jobs jobs) {
      this.variant = variant;
      this.jobs = jobs;
    }

    Map<String, Double> run() throws Exception {
      List<CopyTimeline> copies = new ArrayList<>();
      for (int job = 1; job <= FLOW_JOBS; job++) {
        jobs.mark(job, new PfimbiSpec(3, 1, "job" + job, variant.flowWeights().get(job - 1)));
        copies.add(jobs.timeline(job, 3));
      }
      try {
        return measure(copies);
      } finally {
        copies.forEach(CopyTimeline::close);
      }
    }

    private Map<String, Double> measure(List<CopyTimeline> copies) throws Exception {
      Map<String, Double> m = new LinkedHashMap<>();
      FlowPhases phases = writeJobs(m);
      progress.step("%s: jobs 1 and 2 wrote by %.1f s, job 3 from %.1f s to %.1f s", variant.id(),
          phases.firstTwoEnd(), phases.job3Start(), phases.job3End());
      int blocks = setup.profile().blocksPerJob();
      CopyTimeline.awaitAll(copies, 3, blocks, REPLICATION_TIMEOUT, PROGRESS_EVERY, () -> progress.step(
          "%s: background copies per job %s of %d", variant.id(), copies.stream().map(
              t -> t.extraCopiesAt(Double.MAX_VALUE)).toList(), 2 * blocks));
      putShares(m, copies, phases, blocks);
      timelines.put(variant, copies.stream().map(CopyTimeline::points).toList());
      progress.step("%s: replicated by %.1f / %.1f / %.1f s", variant.id(), m.get("job1_replicated_s"),
          m.get("job2_replicated_s"), m.get("job3_replicated_s"));
      return m;
    }

    /** When each job was replicated, and the copies' ratios in the two- and three-flow windows. */
    private void putShares(Map<String, Double> m, List<CopyTimeline> copies, FlowPhases phases, int blocks) {
      double[] nearlyDone = new double[FLOW_JOBS];
      for (int job = 1; job <= FLOW_JOBS; job++) {
        CopyTimeline t = copies.get(job - 1);
        m.put("job" + job + "_replicated_s", t.reached(3, blocks).orElseThrow());
        nearlyDone[job - 1] = t.reachedExtraCopies((int) Math.ceil(BACKLOG_END * 2 * blocks)).orElseThrow();
      }
      m.put("job3_replication_s", m.get("job3_replicated_s") - phases.job3End());
      double job3Active = Math.max(phases.job3End(), copies.get(2).reachedExtraCopies(1).orElseThrow());
      m.put("two_flows_ratio_2_1", ratio(copies, 2, 1, phases.firstTwoEnd(),
          Math.min(phases.job3Start(), Math.min(nearlyDone[0], nearlyDone[1]))));
      double threeEnd = Math.min(nearlyDone[0], Math.min(nearlyDone[1], nearlyDone[2]));
      m.put("three_flows_from_s", job3Active);
      m.put("three_flows_to_s", threeEnd);
      m.put("three_flows_ratio_2_1", ratio(copies, 2, 1, job3Active, threeEnd));
      m.put("three_flows_ratio_3_1", ratio(copies, 3, 1, job3Active, threeEnd));
    }

    /** Jobs 1 and 2 at once, then after the profile's delay job 3. */
    private FlowPhases writeJobs(Map<String, Double> m) throws Exception {
      ConcurrentJob job1 = new ConcurrentJob(() -> jobs.write(1));
      double job2End = jobs.write(2);
      double job1End = job1.await();
      m.put("job1_primary_s", job1End);
      m.put("job2_primary_s", job2End);
      double firstTwoEnd = Math.max(job1End, job2End);
      Thread.sleep(setup.profile().job3DelayS() * 1000L);
      double job3Start = jobs.elapsedSeconds();
      double job3End = jobs.write(3);
      m.put("job3_start_s", job3Start);
      m.put("job3_primary_s", job3End);
      return new FlowPhases(firstTwoEnd, job3Start, job3End);
    }

    /**
     * Background copies of job {@code a} over those of job {@code b} landed between {@code from} and {@code to}:
     * the bandwidth shares while both had copies to make. NaN when the window is empty or job {@code b} made none.
     */
    private double ratio(List<CopyTimeline> copies, int a, int b, double from, double to) {
      if (to <= from) {
        return Double.NaN;
      }
      int ca = copies.get(a - 1).extraCopiesAt(to) - copies.get(a - 1).extraCopiesAt(from);
      int cb = copies.get(b - 1).extraCopiesAt(to) - copies.get(b - 1).extraCopiesAt(from);
      return cb == 0 ? Double.NaN : ca / (double) cb;
    }
  }

  /** A job on a thread of its own, so that two run at once; {@link #await} returns its result or rethrows. */
  private static final class ConcurrentJob {

    private final FutureTask<Double> task;

    ConcurrentJob(Callable<Double> job) {
      task = new FutureTask<>(job);
      Thread thread = new Thread(task, "pfimbi-sharing-job");
      thread.setDaemon(true);
      thread.start();
    }

    double await() throws Exception {
      try {
        return task.get();
      } catch (ExecutionException e) {
        if (e.getCause() instanceof Exception cause) {
          throw cause;
        }
        throw new IOException("job failed", e.getCause());
      }
    }
  }

  /** When the flows stage's phases began and ended, in seconds since the cluster was ready. */
  private record FlowPhases(double firstTwoEnd, double job3Start, double job3End) {}

  /** Fig. 5.9: one job of four copies. */
  private final class PositionsTrial {

    private final SharingVariant variant;
    private final Jobs jobs;

    PositionsTrial(SharingVariant variant, Jobs jobs) {
      this.variant = variant;
      this.jobs = jobs;
    }

    Map<String, Double> run() throws Exception {
      jobs.mark(1, new PfimbiSpec(POSITION_COPIES, 1, "job1", 1.0));
      Map<String, Double> m = new LinkedHashMap<>();
      int blocks = setup.profile().blocksPerJob();
      try (CopyTimeline copies = jobs.timeline(1, POSITION_COPIES)) {
        m.put("primary_s", jobs.write(1));
        CopyTimeline.awaitAll(List.of(copies), POSITION_COPIES, blocks, REPLICATION_TIMEOUT, PROGRESS_EVERY,
            () -> progress.step("%s: blocks with 2, 3, 4 copies: %s of %d", variant.id(), copies.points().isEmpty()
                ? "-" : java.util.Arrays.toString(copies.points().get(copies.points().size() - 1).atLeast()),
                blocks));
        for (int k = 2; k <= POSITION_COPIES; k++) {
          m.put("copy" + k + "_first_s", copies.reached(k, 1).orElseThrow());
          m.put("copy" + k + "_all_s", copies.reached(k, blocks).orElseThrow());
        }
        timelines.put(variant, List.of(copies.points()));
      }
      progress.step("%s: every block had 2, 3, 4 copies at %.1f / %.1f / %.1f s", variant.id(),
          m.get("copy2_all_s"), m.get("copy3_all_s"), m.get("copy4_all_s"));
      return m;
    }
  }
}
