/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.common.sysstate.VolumeSource;
import io.replicakit.pfimbi.activity.ActivityMetric;
import io.replicakit.pfimbi.activity.ActivityMonitor;
import io.replicakit.pfimbi.activity.DiskCounters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Feeds each storage type's Replication Manager its activity once per interval (thesis §4.7, Activity Monitor):
 * the volumes' device counters (OSHI on real disks, the testbed's emulated devices in embedded runs) averaged per
 * storage type, and the foreground blocks written so far for the guaranteed share (§4.2.4).
 *
 * <p>Beyond the thesis: with the MemDisk metric the manager's own background writes are taken out of the activity.
 * Otherwise each background block it writes makes the disk look busy to itself, and it would pause after every
 * block until a quiet sample came (the idle time the thesis measured as a longer work span, §5.5). Foreground
 * blocks are likewise the bytes written to the type's devices minus the manager's own, in blocks
 * ({@link ForegroundCount}: a count that never goes back, since the regulator reads a lower count as a restart).
 *
 * <p>The page cache's dirty data is the host's: each of a type's {@code N} volumes is given its {@code 1/N} share,
 * so that the type's average MemDisk counts a write once whether it is still in the cache or already on a disk
 * (a draining cache cancels out, and the manager's own writes, taken out at {@code 1/N} of their rate, vanish
 * whichever way they are counted). Given the whole dirty growth, every volume counted it in full while the disks
 * counted each write on one volume: with four volumes the manager's own writes into the cache read as three
 * quarters of their rate, and it paused itself as for foreground work.
 *
 * <p>Also beyond the thesis: each sample says whether the host is under dirty pressure ({@link DirtyData}), which
 * the regulator counts as busy whatever the activity. With write-back, a foreground writer held at the kernel's
 * dirty limit shows MemDisk at the disk's own rate only (its dirty data no longer grows), which a threshold learned
 * from memory-speed bursts takes for idle.
 */
public final class ActivitySampler implements Runnable {

  /** One storage type's consumer: its manager. */
  public interface Target {
    /**
     * One interval's figures.
     *
     * @param dirtyPressure the host's dirty data is at or above its background write-back threshold
     *     ({@link DirtyData})
     */
    void onActivity(OptionalDouble activity, long foregroundBlocks, boolean dirtyPressure);

    long writtenBytes();
  }

  private final VolumeSource source;
  private final Supplier<List<VolumeRef>> volumes;
  private final Supplier<Map<String, Target>> targets;
  private final ActivityMetric metric;
  private final DirtyData dirtyData;
  private final LongSupplier nanoTime;
  private final long blockBytes;
  private final Map<String, ActivityMonitor> monitors = new HashMap<>();
  private final Map<String, long[]> ownBefore = new HashMap<>();
  private final Map<String, ForegroundCount> foreground = new HashMap<>();

  public ActivitySampler(VolumeSource source, Supplier<List<VolumeRef>> volumes, Supplier<Map<String, Target>> targets,
      ActivityMetric metric, DirtyData dirtyData, LongSupplier nanoTime, long blockBytes) {
    this.source = source;
    this.volumes = volumes;
    this.targets = targets;
    this.metric = metric;
    this.dirtyData = dirtyData;
    this.nanoTime = nanoTime;
    this.blockBytes = blockBytes;
  }

  @Override
  public void run() {
    List<VolumeRef> refs = volumes.get();
    List<VolumeCounters> counters = source.read(refs);
    DirtyData.Sample dirtySample = dirtyData.sample();
    long dirty = dirtySample.dirtyBytes();
    boolean pressure = dirtySample.pressure();
    long now = nanoTime.getAsLong();
    Map<String, Integer> volumesByType = new HashMap<>();
    counters.forEach(c -> volumesByType.merge(c.volume().storageType(), 1, Integer::sum));
    Map<String, Map<String, DiskCounters>> byType = new HashMap<>();
    Map<String, List<VolumeCounters>> countersByType = new HashMap<>();
    for (VolumeCounters c : counters) {
      String type = c.volume().storageType();
      long dirtyShare = dirty < 0 ? dirty : dirty / volumesByType.get(type);
      byType.computeIfAbsent(type, t -> new HashMap<>()).put(c.volume().storageId(), disk(c, dirtyShare, now));
      countersByType.computeIfAbsent(type, t -> new ArrayList<>()).add(c);
    }
    targets.get().forEach((type, target) -> {
      Map<String, DiskCounters> volumesOfType = byType.getOrDefault(type, Map.of());
      OptionalDouble activity = monitors.computeIfAbsent(type, t -> new ActivityMonitor(metric))
          .observe(volumesOfType);
      long own = target.writtenBytes();
      activity = withoutOwnWrites(type, activity, own, now, volumesOfType.size());
      long blocks = foreground.computeIfAbsent(type, t -> new ForegroundCount())
          .observe(countersByType.getOrDefault(type, List.of()), own) / blockBytes;
      target.onActivity(activity, blocks, pressure);
    });
  }

  /**
   * One storage type's foreground bytes: written to its devices, less the manager's own, as a count that never
   * goes back (the guaranteed share, §4.2.4, is earned per foreground block).
   *
   * <p>Why not the plain difference of the counters: it goes back. The manager counts its bytes as it sends them,
   * while with write-back the devices count them when the cache is flushed, so every background block in the
   * cache lowered it for a while; a volume whose counters were unavailable for a sample took its whole history out
   * of the sum. The regulator reads a lower count as a counter restart and credits all of it: after almost every
   * background block the guaranteed share came due on a busy disk, and copies went out back to back. Here the
   * devices' bytes are summed from each volume's own increase between two samples where it answered (its first
   * sample gives its total so far), and the count is the highest the difference has reached: own bytes not yet on
   * a disk lower it for a while, and only foreground bytes take it above its high-water mark.
   */
  static final class ForegroundCount {

    private final Map<String, Long> lastWritten = new HashMap<>();
    private boolean started;
    private long deviceBytes;
    private long highWater;

    /** This sample's counters of the type's volumes and the manager's own bytes so far; the count, in bytes. */
    long observe(List<VolumeCounters> volumesOfType, long ownBytes) {
      Map<String, Long> seen = new HashMap<>();
      for (VolumeCounters c : volumesOfType) {
        if (!c.available() || c.writeBytes() < 0) {
          continue;
        }
        Long before = lastWritten.get(c.volume().storageId());
        if (before == null) {
          deviceBytes += started ? 0 : c.writeBytes(); // a volume that joins later starts from its total
        } else if (c.writeBytes() >= before) {
          deviceBytes += c.writeBytes() - before;
        }
        seen.put(c.volume().storageId(), c.writeBytes());
      }
      lastWritten.clear();
      lastWritten.putAll(seen);
      started = true;
      highWater = Math.max(highWater, deviceBytes - ownBytes);
      return highWater;
    }
  }

  private static DiskCounters disk(VolumeCounters c, long dirty, long now) {
    if (!c.available()) {
      return new DiskCounters(DiskCounters.UNKNOWN, DiskCounters.UNKNOWN, DiskCounters.UNKNOWN,
          DiskCounters.UNKNOWN, DiskCounters.UNKNOWN, now);
    }
    return new DiskCounters(c.ios(), c.ioNanos(), c.readBytes(), c.writeBytes(), dirty, now);
  }

  /** MemDisk less the manager's own write rate per volume over the same interval, not below zero. */
  private OptionalDouble withoutOwnWrites(String type, OptionalDouble activity, long own, long now, int volumes) {
    long[] before = ownBefore.put(type, new long[] {own, now});
    if (metric != ActivityMetric.MEMDISK || activity.isEmpty() || before == null || volumes == 0
        || now <= before[1]) {
      return activity;
    }
    double ownRate = (own - before[0]) / ((now - before[1]) / 1e9) / volumes;
    double raw = activity.getAsDouble();
    // Own bytes are counted when a write completes, the device's as they happen: the difference can dip below
    // zero for an interval. Only a draining page cache makes MemDisk negative, not this subtraction.
    return OptionalDouble.of(raw >= 0 ? Math.max(0, raw - ownRate) : raw - ownRate);
  }
}
