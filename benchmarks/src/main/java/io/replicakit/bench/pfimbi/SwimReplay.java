/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Replays a {@link SwimPlan} against a DFS: each job starts at its time, whatever the others are doing (as SWIM's
 * replay script starts each job in the background after the trace's gap), reads its input from a pool written
 * beforehand, then writes its output through {@link SwimPlan.ReplayJob#writers} files at once. A job's runtime is
 * from its scheduled start to its last output file closed: what the thesis's job runtime counts (Fig. 5.4), the
 * MapReduce framework's own overheads aside. Writers share a fixed pool of threads, as tasks share a cluster's
 * slots.
 */
final class SwimReplay implements AutoCloseable {

  /** A replayed job's times, in seconds from the replay's start. */
  record Outcome(SwimPlan.ReplayJob job, double startS, double endS) {

    double runtimeS() {
      return endS - startS;
    }
  }

  /** What the replay tells as it goes: a job ended (its output complete at its synchronous replication). */
  interface Listener {
    void jobEnded(Outcome outcome) throws IOException;
  }

  static final int WRITER_THREADS = 48;
  private static final int BUFFER = 64 * 1024;
  /** The input pool's files: a job reads from one after another, starting at a file of its own. */
  static final long POOL_FILE_BYTES = 4L << 20;

  private final FileSystem fs;
  private final Path root;
  private final ExecutorService writers = Executors.newFixedThreadPool(WRITER_THREADS, daemon("swim-writer"));
  private final ExecutorService jobThreads = Executors.newCachedThreadPool(daemon("swim-job"));
  private final byte[] data = new byte[BUFFER];
  private int poolFiles;

  /** @param root where the input pool and the jobs' output directories go */
  SwimReplay(FileSystem fs, Path root) {
    this.fs = fs;
    this.root = root;
    new Random(1).nextBytes(data);
  }

  Path inputDir() {
    return new Path(root, "input");
  }

  Path outputRoot() {
    return new Path(root, "out");
  }

  Path outputDir(SwimPlan.ReplayJob job) {
    return new Path(outputRoot(), String.format(Locale.ROOT, "job-%03d", job.index()));
  }

  /** Writes the input pool: enough for the largest job's input, at the cluster's default replication. */
  void writeInputPool(List<SwimPlan.ReplayJob> jobs) throws IOException {
    long largest = jobs.stream().mapToLong(SwimPlan.ReplayJob::inputBytes).max().orElse(0);
    poolFiles = (int) Math.max(1, (largest + POOL_FILE_BYTES - 1) / POOL_FILE_BYTES);
    for (int i = 0; i < poolFiles; i++) {
      write(new Path(inputDir(), String.format(Locale.ROOT, "part-%05d", i)), POOL_FILE_BYTES);
    }
  }

  /**
   * Runs every job at its time and returns their outcomes in job order once all have ended.
   *
   * @throws IOException the first job's failure, if any failed
   */
  List<Outcome> replay(List<SwimPlan.ReplayJob> jobs, Listener listener) throws IOException, InterruptedException {
    if (poolFiles == 0) {
      throw new IllegalStateException("the input pool is not written: call writeInputPool first");
    }
    long t0 = System.nanoTime();
    List<Future<Outcome>> futures = new ArrayList<>();
    for (SwimPlan.ReplayJob job : jobs) {
      futures.add(jobThreads.submit(() -> {
        long wait = t0 + TimeUnit.MILLISECONDS.toNanos(job.startMs()) - System.nanoTime();
        TimeUnit.NANOSECONDS.sleep(Math.max(0, wait));
        runJob(job);
        Outcome outcome = new Outcome(job, job.startMs() / 1000.0, (System.nanoTime() - t0) / 1e9);
        listener.jobEnded(outcome);
        return outcome;
      }));
    }
    List<Outcome> outcomes = new ArrayList<>();
    for (Future<Outcome> f : futures) {
      try {
        outcomes.add(f.get());
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IOException("a replayed job failed: " + e.getCause(), e.getCause());
      }
    }
    return outcomes;
  }

  private void runJob(SwimPlan.ReplayJob job) throws Exception {
    read(job);
    long each = job.outputBytes() / job.writers();
    long extra = job.outputBytes() % job.writers();
    List<Future<?>> parts = new ArrayList<>();
    for (int w = 0; w < job.writers(); w++) {
      Path file = new Path(outputDir(job), String.format(Locale.ROOT, "part-%05d", w));
      long bytes = each + (w < extra ? 1 : 0);
      parts.add(writers.submit(() -> {
        write(file, bytes);
        return null;
      }));
    }
    for (Future<?> part : parts) {
      part.get();
    }
  }

  /** Reads the job's input from the pool, starting at a file chosen by the job's index. */
  private void read(SwimPlan.ReplayJob job) throws IOException {
    long left = job.inputBytes();
    byte[] buffer = new byte[BUFFER];
    for (int k = 0; left > 0; k++) {
      Path file = new Path(inputDir(), String.format(Locale.ROOT, "part-%05d", (job.index() + k) % poolFiles));
      try (InputStream in = fs.open(file)) {
        int n;
        while (left > 0 && (n = in.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
          left -= n;
        }
      }
    }
  }

  private void write(Path file, long bytes) throws IOException {
    try (OutputStream out = fs.create(file, false)) {
      long left = bytes;
      while (left > 0) {
        int n = (int) Math.min(data.length, left);
        out.write(data, 0, n);
        left -= n;
      }
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    AtomicInteger count = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + count.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  @Override
  public void close() {
    jobThreads.shutdownNow();
    writers.shutdownNow();
  }
}
