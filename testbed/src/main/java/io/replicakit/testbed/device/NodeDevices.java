/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.apache.hadoop.fs.StorageType;

/**
 * The emulated devices of one DataNode, and the knobs that disturb them: a slowdown window (the node's devices
 * run at a fraction of their speed, as a failing or throttled disk does) and background load (another tenant's
 * I/O competing for the same devices). The hotspot and Pfimbi experiments use both to make one node busy.
 * Optionally the node has a {@link PageCache} of recently written data, shared by its volumes, and
 * {@link WriteBack} (writes land in memory, flushed to the devices later).
 */
public final class NodeDevices implements DeviceControl, AutoCloseable {

  private final String name;
  private final DeviceSettings settings;
  private final Ticker ticker;
  private final PageCache pageCache;
  private final WriteBack writeBack;
  private final Map<String, VolumeDevice> volumes = new ConcurrentHashMap<>();
  private volatile Slowdown slowdown = new Slowdown(1.0, Long.MIN_VALUE);
  private volatile HostStress hostStress = HostStress.NONE;
  private volatile boolean disksFull;

  private record Slowdown(double factor, long untilNanos) {}

  /**
   * CPU and memory pressure reported for this node: embedded DataNodes share one machine, so a stress tool
   * would load every node alike; the testbed's host source reports this instead, on top of the machine's own.
   *
   * @param cpuBusyPct share of CPU time busy, 0..100
   * @param memoryUsedPct share of memory in use, 0..100
   * @param untilNanos when the stress ends (ticker time)
   */
  public record HostStress(double cpuBusyPct, double memoryUsedPct, long untilNanos) {
    static final HostStress NONE = new HostStress(0, 0, Long.MIN_VALUE);
  }

  NodeDevices(String name, DeviceSettings settings, Ticker ticker) {
    this.name = name;
    this.settings = settings;
    this.ticker = ticker;
    this.pageCache = PageCache.of(settings.pageCacheBytes());
    this.writeBack = WriteBack.of(settings.writeBack(), ticker);
  }

  /**
   * The device of a volume, created on first sight with the speed of its storage type. All the node's volumes
   * share its {@link #pageCache()}.
   */
  public VolumeDevice volume(String storageId, StorageType type) {
    return volumes.computeIfAbsent(storageId, id -> {
      VolumeDevice device = new VolumeDevice(name, id, type,
          new TokenBucket(settings.bytesPerSec(type), settings.burstBytes()), ticker, this::speedFactor, pageCache,
          writeBack);
      if (disksFull) {
        device.fill();
      }
      return device;
    });
  }

  /** The node's emulated page cache, shared by its volumes; disabled unless the spec sets a size. */
  public PageCache pageCache() {
    return pageCache;
  }

  /** The node's write-back (off unless the spec gives the node memory for dirty data). */
  public WriteBack writeBack() {
    return writeBack;
  }

  /** Stops the node's flushers (the cluster is gone). */
  @Override
  public void close() {
    writeBack.close();
  }

  /** The device of a volume the DataNode has already opened, without creating one. */
  public Optional<VolumeDevice> findVolume(String storageId) {
    return Optional.ofNullable(volumes.get(storageId));
  }

  public List<VolumeDevice> volumes() {
    return List.copyOf(volumes.values());
  }

  @Override
  public List<VolumeStats> stats() {
    List<VolumeStats> result = new ArrayList<>();
    volumes.values().forEach(v -> result.add(v.stats()));
    return result;
  }

  /**
   * Runs every device of this node at {@code factor} of its speed for {@code duration}; a later call replaces
   * an earlier window.
   */
  @Override
  public void slowDown(double factor, Duration duration) {
    if (!(factor > 0 && factor <= 1)) {
      throw new IllegalArgumentException("slowdown factor must be in (0, 1], was " + factor);
    }
    slowdown = new Slowdown(factor, ticker.nanoTime() + duration.toNanos());
  }

  /** Reports this node's CPU and memory as busy for {@code duration} (see {@link HostStress}). */
  @Override
  public void stressHost(double cpuBusyPct, double memoryUsedPct, Duration duration) {
    if (!(cpuBusyPct >= 0 && cpuBusyPct <= 100 && memoryUsedPct >= 0 && memoryUsedPct <= 100)) {
      throw new IllegalArgumentException("CPU and memory stress must be in 0..100 %, were " + cpuBusyPct + ", "
          + memoryUsedPct);
    }
    hostStress = new HostStress(cpuBusyPct, memoryUsedPct, ticker.nanoTime() + duration.toNanos());
  }

  /** Ends a host stress early. */
  @Override
  public void endHostStress() {
    hostStress = HostStress.NONE;
  }

  /** The host stress in effect now, or none. */
  public HostStress hostStress() {
    HostStress s = hostStress;
    return ticker.nanoTime() < s.untilNanos() ? s : HostStress.NONE;
  }

  /** Ends a slowdown window early. */
  @Override
  public void restoreSpeed() {
    slowdown = new Slowdown(1.0, Long.MIN_VALUE);
  }

  double speedFactor(long nowNanos) {
    Slowdown s = slowdown;
    return nowNanos < s.untilNanos ? s.factor : 1.0;
  }

  /**
   * Starts background I/O of {@code mibPerSec} on each volume matching {@code which} for {@code duration}
   * (a rate above the device's speed saturates it). Close the handle to stop early.
   */
  public BackgroundLoad startLoad(Predicate<VolumeDevice> which, double mibPerSec, Duration duration) {
    List<VolumeDevice> targets = volumes().stream().filter(which).toList();
    if (targets.isEmpty()) {
      throw new IllegalStateException("DataNode " + name + " has no matching volumes to load");
    }
    return BackgroundLoad.start(name, targets, mibPerSec, duration, ticker);
  }

  /** Background load on every volume of the node; see {@link #startLoad(Predicate, double, Duration)}. */
  @Override
  public BackgroundLoad startLoad(double mibPerSec, Duration duration) {
    return startLoad(v -> true, mibPerSec, duration);
  }

  /**
   * Fills every volume of this node: its writes fail with "No space left on device" until {@link #clearDisks}.
   * Volumes the DataNode opens later start full too, so a restarted node finds its disks as it left them.
   */
  public void fillDisks() {
    disksFull = true;
    volumes.values().forEach(VolumeDevice::fill);
  }

  /** Frees every volume of this node again. */
  public void clearDisks() {
    disksFull = false;
    volumes.values().forEach(VolumeDevice::clear);
  }

  /** Whether {@link #fillDisks} is in effect. */
  public boolean disksFull() {
    return disksFull;
  }

  @Override
  public String name() {
    return name;
  }

  public DeviceSettings settings() {
    return settings;
  }
}
