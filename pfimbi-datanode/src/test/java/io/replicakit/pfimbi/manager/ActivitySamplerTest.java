/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.common.sysstate.VolumeSource;
import io.replicakit.pfimbi.activity.ActivityMetric;
import io.replicakit.pfimbi.activity.DiskCounters;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The sampler with a fake volume source, fake managers, and a manual clock advancing one second per sample. */
class ActivitySamplerTest {

  private static final long MB = 1_000_000;
  private static final long BLOCK = 1 << 20;
  private static final long SECOND = 1_000_000_000L;

  private final FakeVolumes source = new FakeVolumes();
  private final List<VolumeRef> volumes = new ArrayList<>();
  private final Map<String, FakeManager> managers = new LinkedHashMap<>();
  private long dirty;
  private long dirtyBackground = DiskCounters.UNKNOWN;
  private long now = 42 * SECOND;

  private ActivitySampler sampler(ActivityMetric metric) {
    return new ActivitySampler(source, () -> List.copyOf(volumes), () -> Map.copyOf(managers), metric,
        DirtyData.of(() -> dirty, () -> dirtyBackground), () -> now, BLOCK);
  }

  private Disk volume(String id, String type) {
    volumes.add(new VolumeRef(id, type, "/data/" + id));
    Disk d = new Disk();
    source.disks.put(id, d);
    return d;
  }

  private FakeManager manager(String type) {
    return managers.computeIfAbsent(type, t -> new FakeManager());
  }

  /** One sampling interval later. */
  private void tick(ActivitySampler sampler) {
    now += SECOND;
    sampler.run();
  }

  // ---------------------------------------------------------------------------------------------- MemDisk

  @Test
  void dirtyDataAtTheBackgroundThreshold_isPressure_belowItOrUnknownIsNot() {
    volume("d1", "DISK");
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    dirty = 30 * MB;
    tick(sampler);
    assertEquals(false, disk.pressure, "threshold unknown");
    dirtyBackground = 25 * MB;
    tick(sampler);
    assertEquals(true, disk.pressure);
    dirty = 24 * MB;
    tick(sampler);
    assertEquals(false, disk.pressure);
  }

  @Test
  void firstSample_hasNoActivity_becauseThereIsNoInterval() {
    volume("d1", "DISK").write = 500 * MB;
    FakeManager disk = manager("DISK");

    sampler(ActivityMetric.MEMDISK).run();

    assertTrue(disk.activity.isEmpty());
    assertEquals(1, disk.calls);
  }

  @Test
  void volumesOfOneStorageType_areAveraged_andTypesKeptApart() {
    Disk d1 = volume("d1", "DISK");
    Disk d2 = volume("d2", "DISK");
    Disk s1 = volume("s1", "SSD");
    FakeManager disk = manager("DISK");
    FakeManager ssd = manager("SSD");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    d1.write += 2 * MB;
    d2.read += 4 * MB;
    s1.write += 10 * MB;
    tick(sampler);

    assertEquals(3 * MB, disk.activity.getAsDouble(), 1e-3);
    assertEquals(10 * MB, ssd.activity.getAsDouble(), 1e-3);
  }

  @Test
  void managerWritingAlone_8MBps_onAnOtherwiseIdleDisk_seesNoActivity() {
    Disk d1 = volume("d1", "DISK");
    d1.write = 7_000 * MB;
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    for (int i = 0; i < 5; i++) {
      d1.write += 8 * MB;
      disk.own += 8 * MB;
      tick(sampler);
      assertEquals(0, disk.activity.getAsDouble(), 1e-3, "sample " + i);
    }
  }

  /** A write counted by the manager in this interval but by the device in the previous one: no negative dip. */
  @Test
  void ownWritesCountedLaterThanTheDevice_neverMakeTheActivityNegative() {
    Disk d1 = volume("d1", "DISK");
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    d1.write += 8 * MB; // the device wrote the block ...
    tick(sampler);
    disk.own += 8 * MB; // ... the manager counts it when the write returns
    tick(sampler);

    assertEquals(0, disk.activity.getAsDouble(), 1e-9);
  }

  @Test
  void ownWrites_spreadOverSeveralVolumes_areTakenOutPerVolume() {
    Disk d1 = volume("d1", "DISK");
    Disk d2 = volume("d2", "DISK");
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    d1.write += 4 * MB;
    d2.write += 4 * MB;
    disk.own += 8 * MB;
    tick(sampler);

    assertEquals(0, disk.activity.getAsDouble(), 1e-3);
  }

  /**
   * With write-back, the manager's own writes first land in the page cache: on four volumes they grow the host's
   * dirty data, which each volume gets a quarter of, and are taken out at a quarter of their rate: no activity.
   * Until session 51 every volume was given the whole dirty growth and the own writes read as three quarters of
   * their rate, so the manager paused itself as for foreground work.
   */
  @Test
  void ownWritesIntoThePageCache_onFourVolumes_showNoActivity() {
    for (int i = 1; i <= 4; i++) {
      volume("d" + i, "DISK");
    }
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    dirty += 100 * MB;
    disk.own += 100 * MB;
    tick(sampler);

    assertEquals(0, disk.activity.getAsDouble(), 1e-3);
  }

  /** A page cache draining onto four volumes cancels out, as on one (thesis §4.6.1). */
  @Test
  void pageCacheDrainingOntoFourVolumes_cancelsOut() {
    List<Disk> disks = new ArrayList<>();
    for (int i = 1; i <= 4; i++) {
      disks.add(volume("d" + i, "DISK"));
    }
    FakeManager disk = manager("DISK");
    dirty = 400 * MB;
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    disks.forEach(d -> d.write += 25 * MB);
    dirty -= 100 * MB;
    tick(sampler);

    assertEquals(0, disk.activity.getAsDouble(), 1e-3);
  }

  @Test
  void foregroundWork_nextToOwnWrites_isStillSeen() {
    Disk d1 = volume("d1", "DISK");
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    d1.write += 8 * MB + 20 * MB; // own + foreground
    d1.read += 5 * MB;
    dirty += 3 * MB; // the foreground writer's data also waits in the page cache
    disk.own += 8 * MB;
    tick(sampler);

    assertEquals(28 * MB, disk.activity.getAsDouble(), 1e-3);
  }

  @Test
  void ownWrites_ofOneType_doNotChangeAnotherType() {
    Disk d1 = volume("d1", "DISK");
    Disk s1 = volume("s1", "SSD");
    FakeManager disk = manager("DISK");
    FakeManager ssd = manager("SSD");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    d1.write += 8 * MB;
    disk.own += 8 * MB;
    s1.write += 6 * MB;
    tick(sampler);

    assertEquals(0, disk.activity.getAsDouble(), 1e-3);
    assertEquals(6 * MB, ssd.activity.getAsDouble(), 1e-3);
  }

  // ---------------------------------------------------------------------------------------------- foreground

  @Test
  void foregroundBlocks_areDeviceWritesLessOwnWrites_inBlocks() {
    Disk d1 = volume("d1", "DISK");
    Disk d2 = volume("d2", "DISK");
    d1.write = 60 * BLOCK;
    d2.write = 40 * BLOCK;
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);

    sampler.run();
    assertEquals(100, disk.foreground);

    d1.write += 7 * BLOCK + BLOCK / 2; // 7.5 blocks of foreground ...
    d2.write += 5 * BLOCK;             // ... and 5 of the manager's own
    disk.own += 5 * BLOCK;
    tick(sampler);
    assertEquals(107, disk.foreground, "whole blocks only");

    d2.write += 3 * BLOCK;
    disk.own += 3 * BLOCK;
    tick(sampler);
    assertEquals(107, disk.foreground, "own writes are not foreground blocks");
  }

  /**
   * With write-back the manager counts its block when it sends it, the device when the cache is flushed: the
   * count must not go back meanwhile (the regulator takes a lower count for a restarted counter and credits its
   * whole value: until session 51 the guaranteed share then came due after almost every background block on a
   * busy disk). Once the block is on the device the count is where it was; foreground bytes move it on.
   */
  @Test
  void foregroundBlocks_neverGoBack_whileOwnBlocksWaitInThePageCache() {
    Disk d1 = volume("d1", "DISK");
    d1.write = 50 * BLOCK;
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();
    assertEquals(50, disk.foreground);

    disk.own += BLOCK; // in the cache, not yet on the device
    tick(sampler);
    assertEquals(50, disk.foreground);

    d1.write += BLOCK; // flushed
    tick(sampler);
    assertEquals(50, disk.foreground);

    d1.write += 2 * BLOCK; // foreground
    tick(sampler);
    assertEquals(52, disk.foreground);
  }

  /** A volume that does not answer for a sample neither takes its history out of the count nor adds it back. */
  @Test
  void foregroundBlocks_ofAVolumeUnavailableForASample_neitherDropNorJump() {
    Disk d1 = volume("d1", "DISK");
    Disk d2 = volume("d2", "DISK");
    d1.write = 30 * BLOCK;
    d2.write = 70 * BLOCK;
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();
    assertEquals(100, disk.foreground);

    d2.gone = true;
    tick(sampler);
    assertEquals(100, disk.foreground, "d2's 70 blocks are not taken out");

    d2.gone = false;
    d2.write += 3 * BLOCK; // written while it did not answer, or after: either way it rejoins from here
    tick(sampler);
    assertEquals(100, disk.foreground, "nor counted again when it answers");

    d2.write += BLOCK;
    tick(sampler);
    assertEquals(101, disk.foreground);
  }

  @Test
  void foregroundBlocks_neverNegative() {
    volume("d1", "DISK").write = BLOCK;
    FakeManager disk = manager("DISK");
    disk.own = 10 * BLOCK;

    sampler(ActivityMetric.MEMDISK).run();

    assertEquals(0, disk.foreground);
  }

  // ---------------------------------------------------------------------------------------------- latency

  @Test
  void latencyMetric_isNotAdjustedForOwnWrites() {
    Disk d1 = volume("d1", "DISK");
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.LATENCY);
    sampler.run();

    d1.ios += 100;
    d1.ioNanos += 100 * 2_000_000L; // 2 ms per request
    d1.write += 8 * MB;
    disk.own += 8 * MB;
    tick(sampler);

    assertEquals(2.0, disk.activity.getAsDouble(), 1e-9);
  }

  @Test
  void latencyMetric_averagesVolumesOfAType() {
    Disk d1 = volume("d1", "DISK");
    Disk d2 = volume("d2", "DISK");
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.LATENCY);
    sampler.run();

    d1.ios += 10;
    d1.ioNanos += 10 * 1_000_000L;
    d2.ios += 10;
    d2.ioNanos += 10 * 5_000_000L;
    tick(sampler);

    assertEquals(3.0, disk.activity.getAsDouble(), 1e-9);
  }

  // ---------------------------------------------------------------------------------------------- unknown

  @Test
  void unavailableDevice_givesNoActivity() {
    Disk d1 = volume("d1", "DISK");
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    d1.gone = true;
    tick(sampler);
    assertTrue(disk.activity.isEmpty());

    tick(sampler);
    assertTrue(disk.activity.isEmpty());
  }

  @Test
  void unknownDirtyFigure_givesNoMemDiskActivity() {
    Disk d1 = volume("d1", "DISK");
    FakeManager disk = manager("DISK");
    dirty = DiskCounters.UNKNOWN;
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    d1.write += 8 * MB;
    tick(sampler);

    assertTrue(disk.activity.isEmpty());
  }

  @Test
  void unknownRequestTime_givesNoLatency() {
    Disk d1 = volume("d1", "DISK");
    d1.ioNanos = VolumeCounters.UNKNOWN;
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.LATENCY);
    sampler.run();

    d1.ios += 10;
    tick(sampler);

    assertTrue(disk.activity.isEmpty());
  }

  @Test
  void managerOfATypeWithoutVolumes_getsNoActivity() {
    volume("d1", "DISK");
    FakeManager ssd = manager("SSD");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    tick(sampler);

    assertTrue(ssd.activity.isEmpty());
    assertEquals(0, ssd.foreground);
  }

  @Test
  void oneVolumeUnavailable_theOthersStillCount() {
    Disk d1 = volume("d1", "DISK");
    Disk d2 = volume("d2", "DISK");
    FakeManager disk = manager("DISK");
    ActivitySampler sampler = sampler(ActivityMetric.MEMDISK);
    sampler.run();

    d1.gone = true;
    d2.write += 6 * MB;
    tick(sampler);

    assertEquals(6 * MB, disk.activity.getAsDouble(), 1e-3);
  }

  // ---------------------------------------------------------------------------------------------- fakes

  private static final class Disk {
    long ios;
    long read;
    long write;
    long ioNanos;
    boolean gone;
  }

  private final class FakeVolumes implements VolumeSource {
    final Map<String, Disk> disks = new HashMap<>();

    @Override
    public List<VolumeCounters> read(List<VolumeRef> refs) {
      return refs.stream().map(v -> {
        Disk d = disks.get(v.storageId());
        return d.gone ? VolumeCounters.unavailable(v, now)
            : new VolumeCounters(v, "/dev/" + v.storageId(), d.ios, d.read, d.write, 0, d.ioNanos, 0, now);
      }).toList();
    }
  }

  private static final class FakeManager implements ActivitySampler.Target {
    OptionalDouble activity = OptionalDouble.empty();
    long foreground = -1;
    boolean pressure;
    long own;
    int calls;

    @Override
    public void onActivity(OptionalDouble activity, long foregroundBlocks, boolean dirtyPressure) {
      this.activity = activity;
      this.foreground = foregroundBlocks;
      this.pressure = dirtyPressure;
      calls++;
    }

    @Override
    public long writtenBytes() {
      return own;
    }
  }
}
