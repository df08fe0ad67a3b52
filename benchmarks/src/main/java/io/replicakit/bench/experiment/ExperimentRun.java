/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.experiment;

import io.replicakit.bench.results.ExperimentResults;
import io.replicakit.bench.results.Progress;
import io.replicakit.bench.results.RunResult;
import io.replicakit.bench.results.SourceState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.util.VersionInfo;

/**
 * What every experiment run shares, from its start to its outputs: the output directory (created at the start),
 * the command line it was started with, its progress lines and its start time; and the one way its results are
 * written ({@link #finish}), so that every experiment's {@code results.json} comes out in the common format.
 */
public final class ExperimentRun {

  /** Writes {@code report.md} and the plots from the results. */
  @FunctionalInterface
  public interface Report {
    void write(ExperimentResults results) throws IOException;
  }

  private final Path outDir;
  private final String command;
  private final Progress progress;
  private final Instant started;

  private ExperimentRun(Path outDir, String command, Progress progress, Instant started) {
    this.outDir = outDir;
    this.command = command;
    this.progress = progress;
    this.started = started;
  }

  /** Starts a run now, writing into {@code outDir} (created if missing). */
  public static ExperimentRun start(Path outDir, String command, Progress progress) throws IOException {
    SourceState.current(); // what this run measures: read before it starts, not when it writes its results
    Files.createDirectories(outDir);
    return new ExperimentRun(outDir, command, progress, Instant.now());
  }

  public Path outDir() {
    return outDir;
  }

  /** The command line as the user typed it, for the report. */
  public String command() {
    return command;
  }

  public Progress progress() {
    return progress;
  }

  public Instant started() {
    return started;
  }

  /**
   * Writes {@code results.json} (the common format of {@code shared/experiment-results.md}), then the report, and
   * says where it is.
   *
   * @param experiment the experiment's name
   * @param profile the profile run, or what stands for it
   * @param cluster the cluster as used
   */
  public ExperimentResults finish(String experiment, String profile, Map<String, Object> cluster,
      List<RunResult> runs, Report report) throws IOException {
    ExperimentResults results = new ExperimentResults(experiment, profile, started, VersionInfo.getVersion(),
        cluster, runs);
    results.writeJson(outDir.resolve("results.json"));
    report.write(results);
    progress.step("wrote %s", outDir.resolve("report.md"));
    return results;
  }
}
