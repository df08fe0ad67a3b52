/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.metrics.oshi.OshiSystem.DiskInfo;
import io.replicakit.metrics.oshi.OshiSystem.MountInfo;
import io.replicakit.metrics.oshi.OshiSystem.PartitionInfo;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OshiVolumeSourceTest {

  /** Disks and mounts set by each test; counts how often the (costly) file stores are listed. */
  private static final class FakeSystem implements OshiSystem {
    List<DiskInfo> disks = new ArrayList<>();
    List<MountInfo> mounts = new ArrayList<>();
    int fileStoreCalls;

    @Override
    public long[] cpuTicks() {
      throw new UnsupportedOperationException("a volume source must not read CPU ticks");
    }

    @Override
    public long memoryTotal() {
      throw new UnsupportedOperationException("a volume source must not read memory");
    }

    @Override
    public long memoryAvailable() {
      throw new UnsupportedOperationException("a volume source must not read memory");
    }

    @Override
    public List<DiskInfo> disks() {
      return disks;
    }

    @Override
    public List<MountInfo> fileStores() {
      fileStoreCalls++;
      return mounts;
    }
  }

  private final FakeSystem system = new FakeSystem();
  private long clock = 1_000;
  private final OshiVolumeSource source = new OshiVolumeSource(system, () -> clock);

  private static DiskInfo disk(String name, String... partitions) {
    List<PartitionInfo> parts = Arrays.stream(partitions).map(p -> new PartitionInfo(p, "")).toList();
    return new DiskInfo(name, parts, 10, 20, 4096, 8192, 250, 1);
  }

  private static MountInfo mount(String point, String... devices) {
    return new MountInfo(point, List.of(devices));
  }

  private static VolumeRef volume(String path) {
    return new VolumeRef("DS-" + path, "DISK", path);
  }

  private String deviceOf(String path) {
    return source.read(List.of(volume(path))).get(0).device();
  }

  @Test
  void volumeOnNestedMount_mapsToLongestMountPrefix() {
    system.disks = List.of(disk("/dev/sda", "/dev/sda1"), disk("/dev/sdb", "/dev/sdb1"),
        disk("/dev/nvme0n1", "/dev/nvme0n1p1"));
    system.mounts = List.of(mount("/", "/dev/sda1"), mount("/data", "/dev/sdb1"),
        mount("/data/fast", "/dev/nvme0n1p1"));

    assertEquals("/dev/nvme0n1", deviceOf("/data/fast/dn"));
    assertEquals("/dev/sdb", deviceOf("/data/slow/dn"));
    assertEquals("/dev/sda", deviceOf("/home/hdfs/dn"));
  }

  @Test
  void mountPointPrefix_matchesWholePathComponentsOnly() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"), disk("/dev/sdc", "/dev/sdc1"));
    system.mounts = List.of(mount("/", "overlay"), mount("/data1", "/dev/sdb1"), mount("/data10", "/dev/sdc1"));

    List<VolumeCounters> read = source.read(List.of(volume("/data10/dn"), volume("/data1/dn"),
        volume("/data100/dn")));

    assertEquals("/dev/sdc", read.get(0).device());
    assertEquals("/dev/sdb", read.get(1).device());
    assertFalse(read.get(2).available(), "/data100 is on / (overlay, no disk), not on /data10");
  }

  @Test
  void twoVolumesOnOneDisk_reportThatDisksCounters() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1", "/dev/sdb2"));
    system.mounts = List.of(mount("/data1", "/dev/sdb1"), mount("/data2", "/dev/sdb2"));

    List<VolumeCounters> read = source.read(List.of(volume("/data1/dn"), volume("/data2/dn")));

    assertEquals("/dev/sdb", read.get(0).device());
    assertEquals("/dev/sdb", read.get(1).device());
    assertEquals(read.get(0).ios(), read.get(1).ios());
    assertEquals(read.get(0).busyNanos(), read.get(1).busyNanos());
    assertEquals("DS-/data2/dn", read.get(1).volume().storageId(), "results keep the order of the volumes");
  }

  @Test
  void pathUnderNoMount_isUnavailable() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"));
    system.mounts = List.of(mount("/data1", "/dev/sdb1"));
    VolumeRef elsewhere = volume("/elsewhere/dn");

    VolumeCounters c = source.read(List.of(elsewhere)).get(0);

    assertEquals(VolumeCounters.unavailable(elsewhere, clock), c);
  }

  @Test
  void volumeOnFileSystemWithoutBlockDevice_isUnavailable() {
    system.disks = List.of(disk("/dev/sda", "/dev/sda1"));
    system.mounts = List.of(mount("/", "/dev/sda1"), mount("/mnt/ramdisk", "tmpfs"));

    assertFalse(source.read(List.of(volume("/mnt/ramdisk/dn"))).get(0).available());
  }

  @Test
  void counters_areConvertedToVolumeCounterUnits() {
    system.disks = List.of(new DiskInfo("/dev/sdb", List.of(new PartitionInfo("/dev/sdb1", "")),
        7, 5, 1_000, 2_000, 1_500, 3));
    system.mounts = List.of(mount("/data1", "/dev/sdb1"));
    clock = 42_000;
    VolumeRef v = volume("/data1/dn");

    VolumeCounters c = source.read(List.of(v)).get(0);

    assertEquals(new VolumeCounters(v, "/dev/sdb", 12, 1_000, 2_000, 1_500_000_000L, VolumeCounters.UNKNOWN, 3,
        42_000), c);
  }

  @Test
  void pathThatDoesNotExistYet_mapsByMountPrefix() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"));
    system.mounts = List.of(mount("/data1", "/dev/sdb1"));
    String notCreated = "/data1/not/created/yet/../dn";
    assertFalse(Files.exists(Path.of(notCreated)));

    assertEquals("/dev/sdb", deviceOf(notCreated));
  }

  @Test
  void volumeBehindSymlink_mapsByTheMountOfItsTarget(@TempDir Path tmp) throws Exception {
    Path target = Files.createDirectories(tmp.resolve("mnt/disk1"));
    Files.createSymbolicLink(tmp.resolve("data1"), target);
    system.disks = List.of(disk("/dev/sda", "/dev/sda1"), disk("/dev/sdb", "/dev/sdb1"));
    system.mounts = List.of(mount("/", "/dev/sda1"), mount(target.toRealPath().toString(), "/dev/sdb1"));

    assertEquals("/dev/sdb", deviceOf(tmp.resolve("data1/dn").toString()));
  }

  @Test
  void fileSystemOnWholeDisk_mapsByDiskName() {
    system.disks = List.of(disk("/dev/vda"));
    system.mounts = List.of(mount("/", "/dev/vda"));

    assertEquals("/dev/vda", deviceOf("/tmp/dn"));
  }

  @Test
  void lvmVolume_mapsToTheDeviceMapperDiskItsMapperLinkResolvesTo() {
    DiskInfo dm = new DiskInfo("/dev/dm-0", List.of(new PartitionInfo("/dev/vg/data", "/dev/mapper/vg-data")),
        1, 1, 1, 1, 1, 0);
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"), dm);
    system.mounts = List.of(mount("/data3", "/dev/mapper/vg-data", "/dev/dm-0"));

    assertEquals("/dev/dm-0", deviceOf("/data3/dn"));
  }

  @Test
  void mapperDeviceThatNoDiskOwns_isUnavailable() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"));
    system.mounts = List.of(mount("/", "/dev/sdb1"), mount("/data3", "/dev/mapper/vg-data"));

    assertFalse(source.read(List.of(volume("/data3/dn"))).get(0).available(),
        "the mount /data3 hides /, so its disk must not be borrowed from /");
  }

  @Test
  void partitionMountedWhereOshiListsNoFileStore_mapsByThePartitionsMountPoint() {
    system.disks = List.of(disk("/dev/sda", "/dev/sda1"),
        new DiskInfo("/dev/sdb", List.of(new PartitionInfo("/dev/sdb1", "/run/media/usb")), 1, 1, 1, 1, 1, 0));
    system.mounts = List.of(mount("/", "/dev/sda1"));

    assertEquals("/dev/sdb", deviceOf("/run/media/usb/dn"));
  }

  @Test
  void fileStoreMountedOverAPartition_hidesIt() {
    system.disks = List.of(new DiskInfo("/dev/sdb", List.of(new PartitionInfo("/dev/sdb1", "/data1")),
        1, 1, 1, 1, 1, 0));
    system.mounts = List.of(mount("/data1", "/dev/sdb1"), mount("/data1", "tmpfs"));

    assertFalse(source.read(List.of(volume("/data1/dn"))).get(0).available());
  }

  @Test
  void mapping_isCachedAcrossReads() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"));
    system.mounts = List.of(mount("/data1", "/dev/sdb1"));
    List<VolumeRef> volumes = List.of(volume("/data1/dn"), volume("/data1/dn2"));

    source.read(volumes);
    system.mounts = List.of();
    List<VolumeCounters> second = source.read(volumes);

    assertEquals(1, system.fileStoreCalls);
    assertEquals("/dev/sdb", second.get(1).device());
  }

  @Test
  void diskNoLongerListed_remapsThePath() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"));
    system.mounts = List.of(mount("/data1", "/dev/sdb1"));
    source.read(List.of(volume("/data1/dn")));

    system.disks = List.of(disk("/dev/sdc", "/dev/sdc1"));
    system.mounts = List.of(mount("/data1", "/dev/sdc1"));

    assertEquals("/dev/sdc", deviceOf("/data1/dn"));
    assertEquals(2, system.fileStoreCalls);
  }

  @Test
  void unmappedVolume_isLookedUpAgainOnlyAfterTheRetryInterval() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"));
    assertEquals("", deviceOf("/data1/dn"));

    system.mounts = List.of(mount("/data1", "/dev/sdb1"));
    clock += OshiVolumeSource.RETRY_UNMAPPED_NANOS - 1;
    assertEquals("", deviceOf("/data1/dn"));
    assertEquals(1, system.fileStoreCalls);

    clock += 1;
    assertEquals("/dev/sdb", deviceOf("/data1/dn"));
    assertEquals(2, system.fileStoreCalls);
  }

  @Test
  void volumeThatLeftTheList_isMappedAfreshWhenItReturns() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"), disk("/dev/sdc", "/dev/sdc1"));
    system.mounts = List.of(mount("/data1", "/dev/sdb1"));
    source.read(List.of(volume("/data1/dn")));
    source.read(List.of());

    system.mounts = List.of(mount("/data1", "/dev/sdc1"));

    assertEquals("/dev/sdc", deviceOf("/data1/dn"));
  }

  @Test
  void manyVolumes_listFileStoresOncePerRead() {
    system.disks = List.of(disk("/dev/sdb", "/dev/sdb1"));
    system.mounts = List.of(mount("/data1", "/dev/sdb1"));

    List<VolumeCounters> read = source.read(List.of(volume("/data1/a"), volume("/data1/b"), volume("/nowhere")));

    assertEquals(1, system.fileStoreCalls);
    assertTrue(read.get(0).available() && read.get(1).available() && !read.get(2).available());
  }

}
