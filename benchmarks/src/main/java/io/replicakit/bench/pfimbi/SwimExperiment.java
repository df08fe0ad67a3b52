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
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.Sizes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * Thesis §5.1, Fig. 5.4: the first 100 jobs of SWIM's Facebook 2009 trace replayed under HDFS(3,3) and
 * Pfimbi(3,1) at several workload scaling factors, each on a fresh embedded cluster; measured: the jobs' mean
 * runtime (the figure plots Pfimbi's over HDFS's), the small and the large jobs' apart (§5.1's per-job remarks),
 * and when every block had its copies.
 */
public final class SwimExperiment {

  /**
   * What to run.
   *
   * @param scales the workload scaling factors, one stage each ({@code x1}, {@code x4}, ...)
   * @param plan the replay's sizes and times at scale 1 ({@link SwimPlan#scale} is replaced per stage)
   * @param jobs how many of the trace's jobs to replay, from the first
   */
  public record Setup(List<Double> scales, List<PfimbiVariant> variants, String specName,
      Map<String, String> hdfsSettings, SwimPlan plan, int jobs) {

    public Setup {
      scales = List.copyOf(scales);
      variants = List.copyOf(variants);
    }

    static String stage(double scale) {
      return "x" + (scale == Math.rint(scale) ? Long.toString((long) scale) : Double.toString(scale));
    }

    SwimPlan plan(double scale) {
      return new SwimPlan(scale, plan.bytesDivisor(), plan.timeCompression(), plan.writerBytes(),
          plan.maxWriters());
    }
  }

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "pfimbi-swim";

  /** Block size of the replay's files. */
  static final long BLOCK_BYTES = 4 * Sizes.MIB;
  /** Replication Managers' buffer, as in the quick profile of {@code experiment pfimbi}. */
  static final int BUFFER_BLOCKS = 8;
  /** The thesis's small jobs wrote about 1 GB, its most data-intensive about 80 GB (§5.1), before scaling. */
  static final long SMALL_RAW_BYTES = 1_000_000_000L;
  static final long LARGE_RAW_BYTES = 10_000_000_000L;
  private static final String ROOT = "/benchmarks/swim";
  private static final long TIMELINE_PERIOD_MS = 250;
  private static final Duration REPLICATION_TIMEOUT = Duration.ofMinutes(20);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(10);

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final List<SwimTrace.Job> trace;

  public SwimExperiment(Setup setup, ExperimentRun run) throws IOException {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
    List<SwimTrace.Job> all = SwimTrace.fb2009First100();
    this.trace = all.subList(0, Math.min(setup.jobs(), all.size()));
  }

  public ExperimentResults run() throws Exception {
    ClusterSpec spec = ClusterSpecs.load(setup.specName());
    List<RunResult> runs = new ArrayList<>();
    for (double scale : setup.scales()) {
      for (PfimbiVariant variant : setup.variants()) {
        runs.add(runVariant(variant, spec, scale));
      }
    }
    Map<String, Object> cluster = PfimbiClusterRecipe.describe(spec, ClusterMode.EMBEDDED);
    cluster.put("block_bytes", BLOCK_BYTES);
    cluster.put("write_back", spec.describeWriteBack());
    cluster.put("trace", "SWIM FB-2009_samples_24_times_1hr_0, first " + trace.size() + " jobs");
    cluster.put("bytes_divisor", setup.plan().bytesDivisor());
    cluster.put("time_compression", setup.plan().timeCompression());
    return run.finish(NAME, "trace", cluster, runs, results -> SwimReport.write(results, setup, run, spec,
        trace));
  }

  private RunResult runVariant(PfimbiVariant variant, ClusterSpec spec, double scale) throws Exception {
    String label = Setup.stage(scale) + " " + variant.id();
    List<SwimPlan.ReplayJob> jobs = setup.plan(scale).jobs(trace);
    progress.step("%s: starting a '%s' cluster; %d jobs writing %.1f MiB", label, spec.name(), jobs.size(),
        jobs.stream().mapToLong(SwimPlan.ReplayJob::outputBytes).sum() / (double) Sizes.MIB);
    Path work = Files.createTempDirectory("replicakit-swim-");
    try (Cluster cluster = Cluster.start(spec, options(work.resolve("cluster"), variant));
        DistributedFileSystem fs = (DistributedFileSystem) org.apache.hadoop.fs.FileSystem.newInstance(
            cluster.uri(), clientConf(cluster, variant));
        SwimReplay replay = new SwimReplay(fs, new org.apache.hadoop.fs.Path(ROOT))) {
      replay.writeInputPool(jobs);
      prepareJobDirs(fs, replay, jobs, variant);
      if (!DeviceSampler.awaitFlushed(cluster, PfimbiExperiment.SETTLE_TIMEOUT)) {
        progress.step("%s: the input pool is still unflushed after %d s; starting anyway", label,
            PfimbiExperiment.SETTLE_TIMEOUT.toSeconds());
      }
      return measure(new Trial(label, variant, scale, cluster, fs), replay, jobs);
    } finally {
      FileUtil.fullyDelete(work.toFile());
    }
  }

  private ClusterOptions options(Path dir, PfimbiVariant variant) {
    ClusterOptions options = PfimbiClusterRecipe.base(dir, BLOCK_BYTES);
    if (variant.pfimbi()) {
      options = PfimbiClusterRecipe.withSettings(PfimbiClusterRecipe.withPfimbi(options, BUFFER_BLOCKS),
          variant.pfimbiSettings());
    }
    return PfimbiClusterRecipe.withSettings(options, setup.hdfsSettings());
  }

  private static Configuration clientConf(Cluster cluster, PfimbiVariant variant) {
    Configuration conf = DfsioClientConf.at(cluster, ClientPlacement.offCluster());
    conf.setInt(DFSConfigKeys.DFS_REPLICATION_KEY, variant.writeReplication());
    return conf;
  }

  /** Every job's output directory, for Pfimbi marked as its own flow (thesis §4.3), weight 1 (§5). */
  private static void prepareJobDirs(DistributedFileSystem fs, SwimReplay replay, List<SwimPlan.ReplayJob> jobs,
      PfimbiVariant variant) throws IOException {
    for (SwimPlan.ReplayJob job : jobs) {
      org.apache.hadoop.fs.Path dir = replay.outputDir(job);
      fs.mkdirs(dir);
      if (variant.pfimbi()) {
        PfimbiFiles.mark(fs, dir, new PfimbiSpec(3, variant.writeReplication(), "job-" + job.index(), 1.0));
      }
    }
  }

  /** One run's cluster and names. */
  private record Trial(String label, PfimbiVariant variant, double scale, Cluster cluster,
      DistributedFileSystem fs) {}

  private RunResult measure(Trial t, SwimReplay replay, List<SwimPlan.ReplayJob> jobs) throws Exception {
    AtomicInteger ended = new AtomicInteger();
    try (CopyTimeline timeline = new CopyTimeline(t.fs(), List.of(replay.outputRoot()), TIMELINE_PERIOD_MS);
        DeviceSampler devices = DeviceSampler.start(t.cluster())) {
      long[] next = {System.nanoTime() + PROGRESS_EVERY.toNanos()};
      List<SwimReplay.Outcome> outcomes = replay.replay(jobs, outcome -> {
        int n = ended.incrementAndGet();
        if (t.variant() == PfimbiVariant.HDFS_11_SETREP) {
          PfimbiExperiment.setReplication(t.fs(), replay.outputDir(outcome.job()), 3);
        }
        synchronized (next) {
          if (System.nanoTime() > next[0] || n == jobs.size()) {
            next[0] = System.nanoTime() + PROGRESS_EVERY.toNanos();
            progress.step("%s: %d of %d jobs ended", t.label(), n, jobs.size());
          }
        }
      });
      double lastEnd = outcomes.stream().mapToDouble(SwimReplay.Outcome::endS).max().orElse(0);
      int blocks = timeline.count()[0];
      awaitCopies(t, timeline, blocks);
      Map<String, Double> metrics = metrics(outcomes, lastEnd);
      metrics.put("first_replicas_s", timeline.reached(2, blocks).orElse(Double.NaN));
      metrics.put("all_replicas_s", timeline.reached(3, blocks).orElse(Double.NaN));
      DiskTimeline disks = new DiskTimeline(devices.finish());
      metrics.put("disk_busy_pct", disks.meanBusyPct(lastEnd));
      metrics.put("primary_cpu_pct", disks.meanCpuPct(lastEnd));
      progress.step("%s: mean job %.2f s, jobs done %.1f s, third copies %.1f s, disks %.0f %% busy", t.label(),
          metrics.get("mean_job_s"), lastEnd, metrics.get("all_replicas_s"), metrics.get("disk_busy_pct"));
      Map<String, Object> detail = new LinkedHashMap<>();
      detail.put("blocks", blocks);
      detail.put("scale", t.scale());
      detail.put("job_runtimes_s", outcomes.stream().map(o -> round(o.runtimeS())).toList());
      return new RunResult(t.variant().id(), t.variant().baseline(), Setup.stage(t.scale()), 1, metrics, detail);
    }
  }

  /** The jobs' runtimes: all, the small and the large ones (by the trace's unscaled output), and the last end. */
  static Map<String, Double> metrics(List<SwimReplay.Outcome> outcomes, double lastEnd) {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("primary_write_s", lastEnd);
    m.put("mean_job_s", mean(outcomes, o -> true));
    m.put("median_job_s", median(outcomes));
    m.put("mean_small_job_s", mean(outcomes, o -> o.job().rawOutputBytes() <= SMALL_RAW_BYTES));
    m.put("mean_large_job_s", mean(outcomes, o -> o.job().rawOutputBytes() >= LARGE_RAW_BYTES));
    m.put("written_mib", outcomes.stream().mapToLong(o -> o.job().outputBytes()).sum() / (double) Sizes.MIB);
    return m;
  }

  private static double mean(List<SwimReplay.Outcome> outcomes, Predicate<SwimReplay.Outcome> which) {
    return outcomes.stream().filter(which).mapToDouble(SwimReplay.Outcome::runtimeS).average().orElse(Double.NaN);
  }

  private static double median(List<SwimReplay.Outcome> outcomes) {
    double[] r = outcomes.stream().mapToDouble(SwimReplay.Outcome::runtimeS).sorted().toArray();
    if (r.length == 0) {
      return Double.NaN;
    }
    return r.length % 2 == 1 ? r[r.length / 2] : (r[r.length / 2 - 1] + r[r.length / 2]) / 2;
  }

  private static double round(double seconds) {
    return Math.round(seconds * 1000) / 1000.0;
  }

  private void awaitCopies(Trial t, CopyTimeline timeline, int blocks) throws Exception {
    try {
      CopyTimeline.awaitAll(List.of(timeline), 3, blocks, REPLICATION_TIMEOUT, PROGRESS_EVERY, () -> {
        try {
          int[] c = timeline.count();
          progress.step("%s: %d of %d blocks with 2 copies, %d with 3", t.label(), c[1], blocks, c[2]);
        } catch (IOException e) {
          progress.step("%s: counting copies failed: %s", t.label(), e.getMessage());
        }
      });
    } catch (IllegalStateException e) {
      throw new IllegalStateException(t.label() + ": " + e.getMessage(), e);
    }
  }
}
