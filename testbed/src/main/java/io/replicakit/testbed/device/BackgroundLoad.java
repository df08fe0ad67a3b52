/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Extra I/O on chosen devices for a time window, issued at a target rate and served by the devices' buckets, so
 * it takes bandwidth from the DataNode's real traffic. Requests are released on a fixed schedule (chunk k at
 * start + k × chunk / rate), not one pacing interval after the previous request finished: the time a request
 * spends in the device must not lower the offered load. Runs on daemon threads, one per device, and stops at
 * the deadline or on {@link #close()}.
 */
public final class BackgroundLoad implements DeviceControl.Load {

  /** Size of one background request; comparable to an HDFS packet. */
  static final int CHUNK_BYTES = 256 * 1024;

  /** Load not issued while the device was slower than the offered rate, carried over at most this long. */
  static final long MAX_BACKLOG_NANOS = 1_000_000_000L;

  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean stopped;

  private BackgroundLoad() {}

  static BackgroundLoad start(String node, List<VolumeDevice> devices, double mibPerSec, Duration duration,
      Ticker ticker) {
    if (!(mibPerSec > 0)) {
      throw new IllegalArgumentException("background load must be > 0 MiB/s, was " + mibPerSec);
    }
    BackgroundLoad load = new BackgroundLoad();
    long deadline = ticker.nanoTime() + duration.toNanos();
    long chunkNanos = (long) (CHUNK_BYTES * 1e9 / (mibPerSec * 1024 * 1024));
    for (VolumeDevice device : devices) {
      Thread t = new Thread(() -> load.run(device, chunkNanos, deadline, ticker),
          "replicakit-load-" + node + "-" + device.storageId());
      t.setDaemon(true);
      load.threads.add(t);
      t.start();
    }
    return load;
  }

  private void run(VolumeDevice device, long chunkNanos, long deadline, Ticker ticker) {
    long release = ticker.nanoTime();
    try {
      while (!stopped && ticker.nanoTime() < deadline) {
        long now = ticker.nanoTime();
        // A device slower than the offered load falls behind; keep at most MAX_BACKLOG of it, not all.
        release = Math.max(release, now - MAX_BACKLOG_NANOS);
        ticker.sleepNanos(release - now);
        device.transfer(VolumeDevice.Io.LOAD, CHUNK_BYTES);
        release += chunkNanos;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  public boolean isRunning() {
    return threads.stream().anyMatch(Thread::isAlive);
  }

  /** Stops the load and waits for its threads to finish their current request. */
  @Override
  public void close() {
    stopped = true;
    for (Thread t : threads) {
      t.interrupt();
    }
    for (Thread t : threads) {
      try {
        t.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
