/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.pfimbi;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;

/**
 * Block completions per pipeline position over time (thesis Fig. 5.6/5.7, 5.8, 5.9): every {@code periodMs} the
 * NameNode's block locations under the jobs' data directories, counted as blocks with at least one, two, ...
 * {@code maxCopies} replicas. A sampler thread of its own; {@link #close} stops it.
 */
final class CopyTimeline implements AutoCloseable {

  /** One sample: seconds since the start, and blocks holding at least 1, 2, ... replicas (index 0 for 1). */
  record Point(double seconds, int[] atLeast) {

    /** Copies beyond the first of every block: the background copies landed so far. */
    int extraCopies() {
      int sum = 0;
      for (int k = 1; k < atLeast.length; k++) {
        sum += atLeast[k];
      }
      return sum;
    }
  }

  private final DistributedFileSystem fs;
  private final List<Path> dataDirs;
  private final long periodMs;
  private final int maxCopies;
  private final long startNanos;
  private final List<Point> points = Collections.synchronizedList(new ArrayList<>());
  private final AtomicBoolean running = new AtomicBoolean(true);
  private final Thread thread;

  CopyTimeline(DistributedFileSystem fs, List<Path> dataDirs, long periodMs) {
    this(fs, dataDirs, periodMs, 3, System.nanoTime());
  }

  /**
   * @param maxCopies the most replicas a block is counted with (its target replication)
   * @param startNanos time zero of the samples ({@link System#nanoTime}), shared by timelines to be compared
   */
  CopyTimeline(DistributedFileSystem fs, List<Path> dataDirs, long periodMs, int maxCopies, long startNanos) {
    this.maxCopies = maxCopies;
    this.startNanos = startNanos;
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

  /** Blocks under the data directories, subdirectories too, with at least 1, 2, ... {@code maxCopies} replicas, now. */
  int[] count() throws IOException {
    int[] atLeast = new int[maxCopies];
    for (Path dir : dataDirs) {
      if (!fs.exists(dir)) {
        continue;
      }
      RemoteIterator<LocatedFileStatus> files = fs.listFiles(dir, true);
      while (files.hasNext()) {
        for (LocatedBlock b : blocks(files.next().getPath())) {
          int replicas = b.getLocations().length;
          for (int k = 0; k < Math.min(maxCopies, replicas); k++) {
            atLeast[k]++;
          }
        }
      }
    }
    return atLeast;
  }

  /** A file's blocks; none if it went away since the listing (a job committing its output renames files). */
  private List<LocatedBlock> blocks(Path file) throws IOException {
    try {
      return settled(fs.getClient().getLocatedBlocks(file.toUri().getPath(), 0, Long.MAX_VALUE));
    } catch (java.io.FileNotFoundException e) {
      return List.of();
    }
  }

  /**
   * The blocks whose locations are replicas: all but a last block still being written. The NameNode lists such a
   * block with its pipeline's expected locations, replicas that do not exist yet (until session 52 they were
   * counted, so HDFS's pipeline reached "all replicas" up to a block early).
   */
  static List<LocatedBlock> settled(LocatedBlocks located) {
    LocatedBlock last = located.getLastLocatedBlock();
    if (located.isLastBlockComplete() || last == null) {
      return located.getLocatedBlocks();
    }
    long unfinished = last.getBlock().getBlockId();
    return located.getLocatedBlocks().stream().filter(b -> b.getBlock().getBlockId() != unfinished).toList();
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

  /** The first sample time at which {@code copies} background copies ({@link Point#extraCopies}) had landed. */
  OptionalDouble reachedExtraCopies(int copies) {
    synchronized (points) {
      for (Point p : points) {
        if (p.extraCopies() >= copies) {
          return OptionalDouble.of(p.seconds());
        }
      }
    }
    return OptionalDouble.empty();
  }

  /** Background copies landed ({@link Point#extraCopies}) at the last sample at or before {@code seconds}. */
  int extraCopiesAt(double seconds) {
    int copies = 0;
    synchronized (points) {
      for (Point p : points) {
        if (p.seconds() > seconds) {
          break;
        }
        copies = p.extraCopies();
      }
    }
    return copies;
  }

  /**
   * Waits until every timeline has {@code blocks} blocks with {@code copies} replicas, calling {@code onTick} every
   * {@code tick} meanwhile (a progress line).
   *
   * @throws IllegalStateException after {@code timeout}
   */
  static void awaitAll(List<CopyTimeline> timelines, int copies, int blocks, Duration timeout, Duration tick,
      Runnable onTick) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    long nextTick = System.nanoTime() + tick.toNanos();
    while (!timelines.stream().allMatch(t -> t.reached(copies, blocks).isPresent())) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("not every block had " + copies + " replicas after " + timeout);
      }
      if (System.nanoTime() > nextTick) {
        nextTick += tick.toNanos();
        onTick.run();
      }
      Thread.sleep(timelines.get(0).periodMs);
    }
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
