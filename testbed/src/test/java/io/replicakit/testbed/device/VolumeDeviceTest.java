/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.testbed.spec.DeviceProfile;
import io.replicakit.testbed.spec.Sizes;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;

class VolumeDeviceTest {

  private final FakeTicker ticker = new FakeTicker();
  private final NodeDevices node = node("dn01", ticker);

  /** A node with the default speeds and no burst, so every transfer takes exactly len / rate. */
  private static NodeDevices node(String name, Ticker ticker) {
    return new NodeDevices(name, DeviceSettings.of(name, DeviceProfile.defaultProfile().withBurstBytes(0),
        List.of()), ticker);
  }

  @Test
  void reads_andWrites_areCountedByDirection() throws Exception {
    VolumeDevice disk = node.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.READ, 3 * Sizes.MIB);
    disk.transfer(VolumeDevice.Io.WRITE, Sizes.MIB);
    VolumeStats stats = disk.stats();
    assertEquals(3 * Sizes.MIB, stats.readBytes());
    assertEquals(Sizes.MIB, stats.writeBytes());
    assertEquals(2, stats.ops());
    assertEquals(StorageType.DISK, stats.type());
  }

  @Test
  void transfer_blocksForLenOverTheMediumsSpeed() throws Exception {
    VolumeDevice ssd = node.volume("DS-2", StorageType.SSD);
    ssd.transfer(VolumeDevice.Io.READ, 40 * Sizes.MIB);
    assertEquals(1.0, ticker.nanoTime() / 1e9, 1e-6);
  }

  @Test
  void busyDevice_reportsFullUtilization_idleDeviceNone() throws Exception {
    VolumeDevice disk = node.volume("DS-1", StorageType.DISK);
    VolumeStats start = disk.stats();
    disk.transfer(VolumeDevice.Io.WRITE, 8 * Sizes.MIB);
    VolumeStats busy = disk.stats();
    ticker.advance(1_000_000_000L);
    VolumeStats idle = disk.stats();
    assertEquals(1.0, busy.utilizationSince(start), 1e-6);
    assertEquals(0.0, idle.utilizationSince(busy), 1e-6);
  }

  @Test
  void requestsArrivingTogether_queueBehindEachOther() throws Exception {
    Ticker frozen = new Ticker() {
      @Override
      public long nanoTime() {
        return 0;
      }

      @Override
      public void sleepNanos(long nanos) {
        // time stands still: both requests arrive at t = 0
      }
    };
    NodeDevices sameInstant = node("dn02", frozen);
    VolumeDevice shared = sameInstant.volume("DS-9", StorageType.DISK);
    shared.transfer(VolumeDevice.Io.READ, 8 * Sizes.MIB);
    shared.transfer(VolumeDevice.Io.READ, 8 * Sizes.MIB);
    assertEquals(1_000_000_000L, shared.stats().queueNanos());
    assertEquals(500.0, shared.stats().awaitMillisSince(zero(shared)), 1e-6);
  }

  @Test
  void slowDownWindow_reducesSpeedUntilItEnds() throws Exception {
    VolumeDevice disk = node.volume("DS-1", StorageType.DISK);
    node.slowDown(0.5, Duration.ofSeconds(10));
    disk.transfer(VolumeDevice.Io.READ, 8 * Sizes.MIB);
    assertEquals(2.0, ticker.nanoTime() / 1e9, 1e-6);
    ticker.advance(10_000_000_000L);
    long before = ticker.nanoTime();
    disk.transfer(VolumeDevice.Io.READ, 8 * Sizes.MIB);
    assertEquals(1.0, (ticker.nanoTime() - before) / 1e9, 1e-6);
  }

  @Test
  void slowDownFactor_outsideZeroToOne_isRejected() {
    assertThrows(IllegalArgumentException.class, () -> node.slowDown(0, Duration.ofSeconds(1)));
    assertThrows(IllegalArgumentException.class, () -> node.slowDown(1.5, Duration.ofSeconds(1)));
  }

  @Test
  void volume_isCreatedOncePerStorageId() {
    assertSame(node.volume("DS-1", StorageType.DISK), node.volume("DS-1", StorageType.DISK));
    assertEquals(1, node.volumes().size());
  }

  @Test
  void backgroundLoad_keepsTheDeviceBusyForItsWindow() throws Exception {
    NodeDevices real = node("dn03", Ticker.system());
    VolumeDevice disk = real.volume("DS-3", StorageType.DISK);
    try (BackgroundLoad load = real.startLoad(v -> true, 1000, Duration.ofSeconds(3))) {
      // Measured from the load's first request on, so a slow thread start on a busy machine does not count; the
      // bound leaves room for the load thread being descheduled there, an idle device would be near 0.
      while (disk.stats().loadBytes() == 0) {
        Thread.sleep(5);
      }
      VolumeStats before = disk.stats();
      Thread.sleep(500);
      VolumeStats during = disk.stats();
      assertTrue(during.utilizationSince(before) > 0.6, "utilization " + during.utilizationSince(before));
      assertEquals(0, during.ops(), "background load is not DataNode I/O");
    }
  }

  @Test
  void backgroundLoad_offersItsRateEvenThoughEachRequestTakesDeviceTime() throws Exception {
    NodeDevices real = node("dn04", Ticker.system());
    VolumeDevice disk = real.volume("DS-4", StorageType.DISK);
    long start = System.nanoTime();
    try (BackgroundLoad load = real.startLoad(v -> true, 4, Duration.ofMillis(1500))) {
      while (load.isRunning()) {
        Thread.sleep(50);
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    double mibps = disk.stats().loadBytes() / (double) Sizes.MIB / seconds;
    assertEquals(4.0, mibps, 0.6, "offered 4 MiB/s on an 8 MiB/s disk");
  }

  /** A node with the default speeds, no burst and a page cache of {@code cacheBytes}. */
  private static NodeDevices cachedNode(String name, Ticker ticker, long cacheBytes) {
    return new NodeDevices(name, DeviceSettings.of(name, DeviceProfile.defaultProfile().withBurstBytes(0),
        List.of(), cacheBytes), ticker);
  }

  @Test
  void withoutPageCache_aReadAfterAWriteStillPaysTheDevice() throws Exception {
    VolumeDevice disk = node.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, 8 * Sizes.MIB);
    long before = ticker.nanoTime();
    disk.transfer(VolumeDevice.Io.READ, 8 * Sizes.MIB);
    assertEquals(1.0, (ticker.nanoTime() - before) / 1e9, 1e-6);
    VolumeStats stats = disk.stats();
    assertEquals(8 * Sizes.MIB, stats.readBytes());
    assertEquals(0, stats.cacheReadBytes());
    assertEquals(2, stats.ops());
    assertEquals(2_000_000_000L, stats.busyNanos());
    assertFalse(node.pageCache().enabled());
  }

  @Test
  void pageCache_makesAReadOfJustWrittenBytesFree() throws Exception {
    NodeDevices cached = cachedNode("dn05", ticker, 64 * Sizes.MIB);
    VolumeDevice disk = cached.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, 8 * Sizes.MIB);
    assertEquals(1.0, ticker.nanoTime() / 1e9, 1e-6, "writes still cost full device time");
    long before = ticker.nanoTime();
    disk.transfer(VolumeDevice.Io.READ, 8 * Sizes.MIB);
    assertEquals(before, ticker.nanoTime(), "a cache hit takes no device time");
    VolumeStats stats = disk.stats();
    assertEquals(0, stats.readBytes(), "the device read nothing");
    assertEquals(8 * Sizes.MIB, stats.cacheReadBytes());
    assertEquals(8 * Sizes.MIB, stats.writeBytes());
    assertEquals(1, stats.ops(), "a read served entirely from the cache is not a device operation");
    assertEquals(1, stats.deviceIos());
    assertEquals(1_000_000_000L, stats.busyNanos());
  }

  @Test
  void pageCache_chargesTheDeviceForWhatIsNotCached() throws Exception {
    NodeDevices cached = cachedNode("dn05", ticker, 64 * Sizes.MIB);
    VolumeDevice disk = cached.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, 4 * Sizes.MIB);
    long before = ticker.nanoTime();
    disk.transfer(VolumeDevice.Io.READ, 12 * Sizes.MIB);
    assertEquals(1.0, (ticker.nanoTime() - before) / 1e9, 1e-6, "8 MiB from an 8 MiB/s disk");
    VolumeStats stats = disk.stats();
    assertEquals(8 * Sizes.MIB, stats.readBytes());
    assertEquals(4 * Sizes.MIB, stats.cacheReadBytes());
    assertEquals(2, stats.ops());
  }

  @Test
  void pageCache_isCappedAndEvictsTheOldestWrites() throws Exception {
    NodeDevices cached = cachedNode("dn05", ticker, 8 * Sizes.MIB);
    VolumeDevice disk = cached.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, 8 * Sizes.MIB);
    disk.transfer(VolumeDevice.Io.WRITE, 8 * Sizes.MIB);
    assertEquals(8 * Sizes.MIB, cached.pageCache().cachedBytes());
    long before = ticker.nanoTime();
    disk.transfer(VolumeDevice.Io.READ, 16 * Sizes.MIB);
    assertEquals(1.0, (ticker.nanoTime() - before) / 1e9, 1e-6, "the evicted 8 MiB come from the disk");
    assertEquals(8 * Sizes.MIB, disk.stats().readBytes());
    assertEquals(8 * Sizes.MIB, disk.stats().cacheReadBytes());
  }

  @Test
  void pageCache_isSharedByTheNodesVolumes() throws Exception {
    NodeDevices cached = cachedNode("dn05", ticker, 8 * Sizes.MIB);
    VolumeDevice ssd = cached.volume("DS-1", StorageType.SSD);
    VolumeDevice disk = cached.volume("DS-2", StorageType.DISK);
    ssd.transfer(VolumeDevice.Io.WRITE, 4 * Sizes.MIB);
    disk.transfer(VolumeDevice.Io.WRITE, 6 * Sizes.MIB);
    // One 8 MiB cache: the DISK's 6 MiB pushed out 2 of the SSD's 4 MiB.
    assertEquals(8 * Sizes.MIB, cached.pageCache().cachedBytes());
    ssd.transfer(VolumeDevice.Io.READ, 4 * Sizes.MIB);
    assertEquals(2 * Sizes.MIB, ssd.stats().cacheReadBytes());
    assertEquals(2 * Sizes.MIB, ssd.stats().readBytes());
    disk.transfer(VolumeDevice.Io.READ, 6 * Sizes.MIB);
    assertEquals(6 * Sizes.MIB, disk.stats().cacheReadBytes());
    assertEquals(0, disk.stats().readBytes());
  }

  @Test
  void pageCache_ignoresBackgroundLoad() throws Exception {
    NodeDevices cached = cachedNode("dn05", ticker, 8 * Sizes.MIB);
    VolumeDevice disk = cached.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, 4 * Sizes.MIB);
    disk.transfer(VolumeDevice.Io.LOAD, 8 * Sizes.MIB);
    assertEquals(4 * Sizes.MIB, cached.pageCache().cachedBytes());
  }

  @Test
  void volumeSource_reportsOnlyWhatTheDeviceServed() throws Exception {
    EmulatedDevices registry = new EmulatedDevices(ticker);
    NodeDevices cached = registry.attach(DeviceSettings.of("dn06",
        DeviceProfile.defaultProfile().withBurstBytes(0), List.of(), 64 * Sizes.MIB));
    VolumeDevice disk = cached.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, 8 * Sizes.MIB);
    disk.transfer(VolumeDevice.Io.READ, 12 * Sizes.MIB);
    VolumeRef ref = new VolumeRef("DS-1", "DISK", "/data/1");
    VolumeCounters counters = new EmulatedVolumeSource("dn06", registry).read(List.of(ref)).get(0);
    assertEquals(4 * Sizes.MIB, counters.readBytes());
    assertEquals(8 * Sizes.MIB, counters.writeBytes());
    assertEquals(2, counters.ios());
    assertEquals(1_500_000_000L, counters.busyNanos());
  }

  private static VolumeStats zero(VolumeDevice v) {
    return new VolumeStats(v.node(), v.storageId(), v.type(), 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }
}
