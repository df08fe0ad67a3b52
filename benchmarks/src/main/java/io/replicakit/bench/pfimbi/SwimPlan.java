/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import java.util.ArrayList;
import java.util.List;

/**
 * A SWIM trace turned into what the replay does on the testbed: for each job, when it starts and how many bytes
 * it reads and writes through the DFS. The thesis scaled the workload's data by 1x to 16x to vary the load (§5.1,
 * Fig. 5.4); the testbed also divides every size by {@code bytesDivisor} and every time by
 * {@code timeCompression}, so that a run takes minutes on a few slow emulated disks. Dividing both keeps the
 * ratio of the workload's write rate to the disks' bandwidth, which is what makes a load light or heavy. As SWIM's
 * own replay does, a job writes at least 1 KiB. The shuffle stays out of the DFS (it is task-local I/O), so the
 * replay does not perform it.
 *
 * @param scale the thesis's workload scaling factor (1 to 16 there)
 * @param bytesDivisor every input and output size is divided by this after scaling
 * @param timeCompression every submission time is divided by this
 * @param writerBytes a job writes one output file per this many bytes, rounded up
 * @param maxWriters the most output files (writers at once) one job has
 */
public record SwimPlan(double scale, double bytesDivisor, double timeCompression, long writerBytes,
    int maxWriters) {

  /** SWIM's floor for a job's output size ({@code GenerateReplayScript}: 1,024 bytes). */
  static final long MIN_OUTPUT_BYTES = 1024;

  public SwimPlan {
    positive("scale", scale);
    positive("bytesDivisor", bytesDivisor);
    positive("timeCompression", timeCompression);
    if (writerBytes < 1 || maxWriters < 1) {
      throw new IllegalArgumentException("writerBytes and maxWriters must be >= 1, were " + writerBytes + ", "
          + maxWriters);
    }
  }

  private static void positive(String name, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(name + " must be a positive number, was " + value);
    }
  }

  /**
   * One job as replayed.
   *
   * @param startMs when it starts, from the first job's submission
   * @param writers output files written at once, each {@code outputBytes / writers} (the first ones a byte more)
   * @param rawOutputBytes the trace's output size, unscaled: which jobs the thesis called small or large
   */
  public record ReplayJob(int index, String name, long startMs, long inputBytes, long outputBytes, int writers,
      long rawOutputBytes) {}

  /** The trace's jobs as this plan replays them, in submission order. */
  public List<ReplayJob> jobs(List<SwimTrace.Job> trace) {
    List<ReplayJob> jobs = new ArrayList<>(trace.size());
    long firstSubmit = trace.isEmpty() ? 0 : trace.get(0).submitS();
    for (int i = 0; i < trace.size(); i++) {
      SwimTrace.Job j = trace.get(i);
      long output = Math.max(MIN_OUTPUT_BYTES, scaled(j.outputBytes()));
      int writers = (int) Math.min(maxWriters, (output + writerBytes - 1) / writerBytes);
      long startMs = Math.round((j.submitS() - firstSubmit) * 1000 / timeCompression);
      jobs.add(new ReplayJob(i, j.name(), startMs, scaled(j.inputBytes()), output, writers, j.outputBytes()));
    }
    return jobs;
  }

  private long scaled(long bytes) {
    return Math.round(bytes * scale / bytesDivisor);
  }

  /** Bytes the replay writes before replication: the sum of the jobs' outputs. */
  public long outputBytes(List<SwimTrace.Job> trace) {
    return jobs(trace).stream().mapToLong(ReplayJob::outputBytes).sum();
  }
}
