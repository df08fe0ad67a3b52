/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;

/**
 * Block completions per pipeline position over time (thesis Fig. 5.6/5.7): every {@code periodMs} the NameNode's
 * block locations under the jobs' data directories, counted as blocks with at least one, two and three replicas.
 * A sampler thread of its own; {@link #close} stops it.
 */
final class CopyTimeline implements AutoCloseable {

  /** One sample: seconds since the start, and blocks holding at least 1, 2, 3 replicas. */
  record Point(double seconds, int[] atLeast) {}

  private final DistributedFileSystem fs;
  private final List<Path> dataDirs;
  private final long periodMs;
  private final long startNanos = System.nanoTime();
  private final List<Point> points = Collections.synchronizedList(new ArrayList<>());
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final Thread thread;

  CopyTimeline(DistributedFileSystem fs, List<Path> dataDirs, long periodMs) {
    this.fs = fs;
    this.dataDirs = List.copyOf(dataDirs);
    this.periodMs = periodMs;
    this.thread = new Thread(this::loop, "pfimbi-copy-timeline");
    thread.setDaemon(true);
    thread.start();
  }

  double elapsedSeconds() {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  private void loop() {
    while (running.get()) {
      try {
        points.add(new Point(elapsedSeconds(), count()));
      } catch (IOException e) {
        // a data directory being recreated by TestDFSIO: skip this sample
      }
      try {
        Thread.sleep(periodMs);
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  /** Blocks under the data directories with at least 1, 2 and 3 replicas, now. */
  int[] count() throws IOException {
    int[] atLeast = new int[3];
    for (Path dir : dataDirs) {
      if (!fs.exists(dir)) {
        continue;
      }
      for (FileStatus f : fs.listStatus(dir)) {
        for (LocatedBlock b : fs.getClient().getLocatedBlocks(f.getPath().toUri().getPath(), 0, Long.MAX_VALUE)
            .getLocatedBlocks()) {
          int replicas = b.getLocations().length;
          for (int k = 0; k < Math.min(3, replicas); k++) {
            atLeast[k]++;
          }
        }
      }
    }
    return atLeast;
  }

  /** The first sample time at which {@code blocks} blocks had at least {@code copies} replicas. */
  OptionalDouble reached(int copies, int blocks) {
    synchronized (points) {
      for (Point p : points) {
        if (p.atLeast()[copies - 1] >= blocks) {
          return OptionalDouble.of(p.seconds());
        }
      }
    }
    return OptionalDouble.empty();
  }

  List<Point> points() {
    synchronized (points) {
      return List.copyOf(points);
    }
  }

  @Override
  public void close() {
    running.set(false);
    thread.interrupt();
    try {
      thread.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
