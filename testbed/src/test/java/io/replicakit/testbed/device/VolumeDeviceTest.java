package io.replicakit.testbed.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    VolumeStats before = disk.stats();
    try (BackgroundLoad load = real.startLoad(v -> true, 1000, Duration.ofMillis(600))) {
      Thread.sleep(500);
      VolumeStats during = disk.stats();
      assertTrue(during.utilizationSince(before) > 0.8, "utilization " + during.utilizationSince(before));
      assertTrue(during.loadBytes() > 0);
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

  private static VolumeStats zero(VolumeDevice v) {
    return new VolumeStats(v.node(), v.storageId(), v.type(), 0, 0, 0, 0, 0, 0, 0, 0, 0);
  }
}
