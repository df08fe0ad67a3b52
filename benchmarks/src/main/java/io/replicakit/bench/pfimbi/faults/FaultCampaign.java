/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi.faults;

import io.replicakit.bench.experiment.ExperimentRun;
import io.replicakit.bench.pfimbi.PfimbiClusterRecipe;
import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.fs.FileUtil;

/**
 * Pfimbi under faults: each run, on a fresh embedded cluster set up as the Pfimbi experiment sets it up, goes
 * through the {@link FaultStage}s in order; each stage writes Pfimbi(3,1) files, injects its fault while background
 * copies are pending, waits a bounded time for every file written so far to reach three replicas, and checks them
 * all (replication, live replicas, every byte read back). A stage that throws or overruns is recorded with its
 * error, and the run goes on with a fresh cluster, so one failure cannot hide the others.
 */
public final class FaultCampaign {

  /** What to run. */
  public record Setup(int runs, long seed, Duration waitLimit, String specName, Map<String, String> hdfsSettings) {}

  /** The experiment's name on the command line and in {@code results.json}. */
  public static final String NAME = "pfimbi-faults";

  static final String BASE_DIR = "/faults";
  static final int FILES_PER_STAGE = 6;
  static final int BLOCKS_PER_FILE = 3;
  static final long BLOCK_BYTES = Sizes.MIB;
  static final int BUFFER_BLOCKS = 8;
  /** How long a stage waits for a DataNode that qualifies as its victim, or for pending work. */
  static final Duration VICTIM_WAIT = Duration.ofSeconds(30);
  /** Beyond the recovery wait: time to write, inject and check, before a stage counts as hung. */
  private static final Duration STAGE_SLACK = Duration.ofMinutes(4);

  private final Setup setup;
  private final ExperimentRun run;
  private final Progress progress;
  private final ClusterMode mode;
  private final List<StageOutcome> outcomes = new ArrayList<>();

  public FaultCampaign(Setup setup, ExperimentRun run) {
    this(setup, run, ClusterMode.EMBEDDED);
  }

  /** @param mode how the cluster runs its daemons (embedded, or a process per daemon) */
  public FaultCampaign(Setup setup, ExperimentRun run, ClusterMode mode) {
    this.setup = setup;
    this.run = run;
    this.progress = run.progress();
    this.mode = mode;
  }

  public ExperimentResults run() throws Exception {
    ClusterSpec spec = ClusterSpecs.load(setup.specName());
    for (int run = 1; run <= setup.runs(); run++) {
      runOnce(run, spec);
    }
    List<RunResult> runs = new ArrayList<>();
    for (FaultStage stage : FaultStage.values()) {
      runs.add(CampaignSummary.of(stage, outcomes, setup.runs()));
    }
    progress.step("%d problems over %d runs", CampaignSummary.problems(outcomes), setup.runs());
    return run.finish(NAME, "runs-" + setup.runs(), clusterDescription(spec), runs,
        results -> FaultCampaignReport.write(results, outcomes, setup, run, spec));
  }

  /** The outcomes so far, one per stage and run. */
  public List<StageOutcome> outcomes() {
    return List.copyOf(outcomes);
  }

  /**
   * One run: the stages in order, on one cluster as long as they go well, on a fresh one after a failure (a cluster
   * that does not start fails the stage it was started for).
   */
  private void runOnce(int run, ClusterSpec spec) {
    Live live = null;
    try {
      for (FaultStage stage : FaultStage.values()) {
        if (live == null) {
          live = startOrRecord(run, stage, spec);
        }
        if (live != null && !attempt(run, stage, live)) {
          live.close();
          live = null;
        }
      }
    } finally {
      if (live != null) {
        live.close();
      }
    }
  }

  private Live startOrRecord(int run, FaultStage stage, ClusterSpec spec) {
    try {
      return startCluster(run, spec);
    } catch (Exception e) {
      outcomes.add(StageOutcome.failed(run, stage, "", e));
      progress.step("run %d %s: FAILED: the cluster did not start: %s", run, stage.id(), StageOutcome.describe(e));
      return null;
    }
  }

  /** Runs one stage and restores the cluster after it; false when the cluster must be replaced. */
  private boolean attempt(int run, FaultStage stage, Live live) {
    progress.step("run %d %s: %s", run, stage.id(), stage.description());
    StageRunner runner = new StageRunner(live.cluster, live.probe, live.files, setup, run, stage, progress);
    Future<StageOutcome> future = live.executor.submit(runner::run);
    try {
      outcomes.add(future.get(setup.waitLimit().plus(STAGE_SLACK).toMillis(), TimeUnit.MILLISECONDS));
    } catch (Exception e) {
      future.cancel(true);
      Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
      outcomes.add(StageOutcome.failed(run, stage, runner.fault(), cause instanceof TimeoutException
          ? new TimeoutException("stage did not finish within " + setup.waitLimit().plus(STAGE_SLACK)) : cause));
      progress.step("run %d %s: FAILED: %s; the run goes on with a fresh cluster", run, stage.id(),
          StageOutcome.describe(cause));
      return false;
    }
    try {
      runner.restore();
      return true;
    } catch (Exception e) {
      progress.step("run %d %s: could not undo the fault (%s); the run goes on with a fresh cluster", run,
          stage.id(), StageOutcome.describe(e));
      return false;
    }
  }

  private Live startCluster(int run, ClusterSpec spec) throws Exception {
    Path work = Files.createTempDirectory("replicakit-pfimbi-faults-");
    progress.step("run %d: starting a fresh '%s' cluster with Pfimbi (%s)", run, spec.name(),
        spec.devices().describe());
    ClusterOptions options = PfimbiClusterRecipe.withSettings(PfimbiClusterRecipe.withPfimbi(
        PfimbiClusterRecipe.base(work.resolve("cluster"), BLOCK_BYTES), BUFFER_BLOCKS), setup.hdfsSettings());
    try {
      Cluster cluster = Cluster.start(spec, options.withMode(mode));
      return new Live(cluster, new ClusterProbe(cluster), work);
    } catch (Exception e) {
      FileUtil.fullyDelete(work.toFile());
      throw e;
    }
  }

  private Map<String, Object> clusterDescription(ClusterSpec spec) {
    Map<String, Object> cluster = PfimbiClusterRecipe.describe(spec, mode);
    cluster.put("block_bytes", BLOCK_BYTES);
    cluster.put("pfimbi", StageRunner.SPEC.encode());
    cluster.put("files_per_stage", FILES_PER_STAGE);
    cluster.put("blocks_per_file", BLOCKS_PER_FILE);
    cluster.put("wait_limit_s", setup.waitLimit().toSeconds());
    cluster.put("seed", setup.seed());
    cluster.put("settings", setup.hdfsSettings());
    return cluster;
  }

  /** A running cluster with what the stages share on it: the probe, the files written so far, a stage thread. */
  private static final class Live implements AutoCloseable {
    final Cluster cluster;
    final ClusterProbe probe;
    final Path work;
    final List<WrittenFile> files = new ArrayList<>();
    final ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "pfimbi-faults-stage");
      t.setDaemon(true);
      return t;
    });

    Live(Cluster cluster, ClusterProbe probe, Path work) {
      this.cluster = cluster;
      this.probe = probe;
      this.work = work;
    }

    @Override
    public void close() {
      executor.shutdownNow();
      try {
        probe.close();
      } catch (Exception e) {
        // the cluster goes away next; a probe that cannot close cleanly changes nothing
      }
      cluster.close();
      FileUtil.fullyDelete(work.toFile());
    }
  }
}
