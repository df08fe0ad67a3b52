/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.hdfs;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.device.DeviceSettings;
import io.replicakit.testbed.device.EmulatedDevices;
import io.replicakit.testbed.device.NodeDevices;
import io.replicakit.testbed.device.VolumeDevice;
import io.replicakit.testbed.spec.DeviceProfile;
import java.lang.reflect.Proxy;
import java.util.List;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider.OPERATION;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.util.DiskChecker.DiskOutOfSpaceException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A filled node's device hook refuses writes with HDFS's own out-of-space exception and still serves reads. */
class DiskFullHookTest {

  private static final String NODE = "dn-diskfull-test";

  private final NodeDevices devices = EmulatedDevices.global().attach(
      DeviceSettings.of(NODE, DeviceProfile.defaultProfile().withBurstBytes(1 << 20), List.of()));
  private final HadoopInternals.ThrottlingFileIoEvents hook = new HadoopInternals.ThrottlingFileIoEvents(devices);

  @AfterEach
  void forget() {
    EmulatedDevices.global().detach(List.of(NODE));
  }

  @Test
  void filledDisks_refuseWrites_withNoSpaceLeft_butServeReads() {
    FsVolumeSpi volume = volume("DS-1");
    devices.fillDisks();

    Throwable refused = assertThrows(Throwable.class, () -> hook.beforeFileIo(volume, OPERATION.WRITE, 4096));
    assertInstanceOf(DiskOutOfSpaceException.class, refused);
    assertTrue(refused.getMessage().startsWith("No space left on device"), refused.getMessage());
    assertDoesNotThrow(() -> hook.beforeFileIo(volume, OPERATION.READ, 4096));
  }

  @Test
  void clearedDisks_acceptWritesAgain_andCountThem() {
    FsVolumeSpi volume = volume("DS-2");
    devices.fillDisks();
    devices.clearDisks();

    assertDoesNotThrow(() -> hook.beforeFileIo(volume, OPERATION.WRITE, 4096));
    assertEquals(4096, devices.findVolume("DS-2").orElseThrow().stats().writeBytes());
  }

  @Test
  void aVolumeOpenedWhileFull_startsFull() {
    devices.fillDisks();
    VolumeDevice late = devices.volume("DS-3", StorageType.DISK);

    assertTrue(late.isFull());
    assertThrows(DiskOutOfSpaceException.class, late::checkWritable);
    devices.clearDisks();
    assertFalse(late.isFull());
  }

  /** A volume that answers only what the hook asks: its storage id and type. */
  private static FsVolumeSpi volume(String storageId) {
    return (FsVolumeSpi) Proxy.newProxyInstance(FsVolumeSpi.class.getClassLoader(), new Class<?>[] {FsVolumeSpi.class},
        (proxy, method, args) -> switch (method.getName()) {
          case "getStorageID" -> storageId;
          case "getStorageType" -> StorageType.DISK;
          case "toString" -> storageId;
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }
}
