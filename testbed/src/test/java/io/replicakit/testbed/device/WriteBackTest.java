/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.testbed.spec.DeviceProfile;
import io.replicakit.testbed.spec.Sizes;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link WriteBack} on real threads and the real clock: what a DataNode write, an fsync and the flushers do to the
 * device's counters. The timeline itself is {@link DirtyLedgerTest}'s; nothing here asserts a duration.
 */
class WriteBackTest {

  private static final long SEC = 1_000_000_000L;
  private static final long EXPIRE_NEVER = 3_600 * SEC;
  /** DISK at 8 MiB/s by default: a 4 MiB background threshold, 8 MiB limit. */
  private final NodeDevices node = node(new DirtyLedger.Limits(4 * Sizes.MIB, 8 * Sizes.MIB, EXPIRE_NEVER, SEC));

  private static NodeDevices node(DirtyLedger.Limits limits) {
    return new NodeDevices("dn01", DeviceSettings.of("dn01", DeviceProfile.defaultProfile().withBurstBytes(0),
        List.of(), 64 * Sizes.MIB).withWriteBack(limits), Ticker.system());
  }

  @AfterEach
  void stopFlushers() {
    node.close();
  }

  @Test
  void writeBelowTheBackgroundThreshold_staysInMemory_theDeviceWritesNothing() throws Exception {
    VolumeDevice disk = node.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, 3 * Sizes.MIB);
    assertEquals(3 * Sizes.MIB, node.writeBack().dirtyBytes());
    assertEquals(0, disk.stats().writeBytes());
    assertEquals(0, disk.stats().busyNanos());
    assertEquals(1, disk.stats().ops());
  }

  @Test
  void fsync_writesTheCallersDirtyData_andLeavesOtherWritersAndVolumes() throws Exception {
    VolumeDevice disk = node.volume("DS-1", StorageType.DISK);
    VolumeDevice other = node.volume("DS-2", StorageType.DISK);
    Thread otherWriter = new Thread(() -> {
      try {
        disk.transfer(VolumeDevice.Io.WRITE, 2 * Sizes.MIB);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    otherWriter.start();
    otherWriter.join();
    disk.transfer(VolumeDevice.Io.WRITE, Sizes.MIB);
    other.transfer(VolumeDevice.Io.WRITE, Sizes.MIB);
    disk.sync();
    assertEquals(Sizes.MIB, disk.stats().writeBytes(), "this thread's data, written before sync returned");
    assertEquals(2 * Sizes.MIB, node.writeBack().heldBytes("DS-1"), "another thread's data stays dirty");
    assertEquals(Sizes.MIB, node.writeBack().heldBytes("DS-2"), "another volume's data stays dirty");
    assertEquals(0, other.stats().writeBytes());
  }

  @Test
  void aboveTheBackgroundThreshold_theFlusherWritesTheOldestBackUnderIt() throws Exception {
    VolumeDevice disk = node.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, 6 * Sizes.MIB);
    await(() -> node.writeBack().heldBytes("DS-1") <= 4 * Sizes.MIB);
    long written = disk.stats().writeBytes();
    assertTrue(written >= 2 * Sizes.MIB && written < 2 * Sizes.MIB + WriteBack.CHUNK_BYTES * 2,
        "about the excess, chunk by chunk: " + written);
    assertTrue(disk.stats().busyNanos() > 0);
  }

  @Test
  void writerPastTheLimit_waitsForTheFlusher_andItsDataAllLands() throws Exception {
    VolumeDevice disk = node.volume("DS-1", StorageType.DISK);
    for (int i = 0; i < 12; i++) {
      disk.transfer(VolumeDevice.Io.WRITE, Sizes.MIB);
    }
    assertTrue(node.writeBack().heldBytes("DS-1") <= 8 * Sizes.MIB, "never more than the limit held");
    assertTrue(disk.stats().writeBytes() >= 4 * Sizes.MIB, "the writer got past 8 MiB only once 4 were written");
    assertTrue(disk.stats().queueNanos() > 0, "the throttled writes waited");
    disk.sync();
    assertEquals(12 * Sizes.MIB, disk.stats().writeBytes());
  }

  @Test
  void readOfJustWrittenData_comesFromMemory_evenWhileItIsDirty() throws Exception {
    VolumeDevice disk = node.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, 2 * Sizes.MIB);
    disk.transfer(VolumeDevice.Io.READ, 2 * Sizes.MIB);
    assertEquals(2 * Sizes.MIB, disk.stats().cacheReadBytes());
    assertEquals(0, disk.stats().readBytes());
    assertEquals(0, disk.stats().busyNanos());
  }

  @Test
  void emulatedSource_reportsTheNodesDirtyData_notTheMachines() throws Exception {
    EmulatedDevices devices = new EmulatedDevices(Ticker.system());
    NodeDevices attached = devices.attach(DeviceSettings.of("dn02", DeviceProfile.defaultProfile(), List.of(),
        64 * Sizes.MIB).withWriteBack(new DirtyLedger.Limits(4 * Sizes.MIB, 8 * Sizes.MIB, EXPIRE_NEVER, SEC)));
    EmulatedVolumeSource source = new EmulatedVolumeSource("dn02", devices);
    try {
      assertEquals(0, source.dirtyBytes());
      attached.volume("DS-9", StorageType.DISK).transfer(VolumeDevice.Io.WRITE, Sizes.MIB);
      assertEquals(Sizes.MIB, source.dirtyBytes());
      assertEquals(1, source.read(List.of(new VolumeRef("DS-9", "DISK", "/data"))).size());
    } finally {
      devices.detach(List.of("dn02"));
    }
    assertEquals(0, source.dirtyBytes(), "a detached node has no devices, so no dirty data");
  }

  @Test
  void limitZero_isWriteThrough_theWriterWaitsForTheDevice() throws Exception {
    NodeDevices through = node(DirtyLedger.Limits.WRITE_THROUGH);
    VolumeDevice disk = through.volume("DS-1", StorageType.DISK);
    disk.transfer(VolumeDevice.Io.WRITE, Sizes.MIB / 8);
    assertFalse(through.writeBack().enabled());
    assertEquals(Sizes.MIB / 8, disk.stats().writeBytes(), "counted when written, before the call returned");
    assertSame(WriteBack.of(DirtyLedger.Limits.WRITE_THROUGH, Ticker.system()), through.writeBack());
  }

  private static void await(BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + 60 * SEC;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not met within 60 s");
      }
      Thread.sleep(10);
    }
  }
}
