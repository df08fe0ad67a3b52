package io.replicakit.testbed.device;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Extra I/O on chosen devices for a time window, paced at a target rate by its own token bucket and served by
 * the devices' buckets, so it takes bandwidth from the DataNode's real traffic. Runs on daemon threads, one
 * per device, and stops at the deadline or on {@link #close()}.
 */
public final class BackgroundLoad implements AutoCloseable {

  /** Size of one background request; comparable to an HDFS packet. */
  static final int CHUNK_BYTES = 256 * 1024;

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
    for (VolumeDevice device : devices) {
      TokenBucket pace = new TokenBucket((long) (mibPerSec * 1024 * 1024), 0);
      Thread t = new Thread(() -> load.run(device, pace, deadline, ticker),
          "replicakit-load-" + node + "-" + device.storageId());
      t.setDaemon(true);
      load.threads.add(t);
      t.start();
    }
    return load;
  }

  private void run(VolumeDevice device, TokenBucket pace, long deadline, Ticker ticker) {
    try {
      while (!stopped && ticker.nanoTime() < deadline) {
        long now = ticker.nanoTime();
        ticker.sleepNanos(pace.reserve(CHUNK_BYTES, 1.0, now).sleepNanos(now));
        device.transfer(VolumeDevice.Io.LOAD, CHUNK_BYTES);
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
