/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.GlobalMemory;
import oshi.hardware.HWDiskStore;
import oshi.hardware.HWPartition;
import oshi.software.os.FileSystem;
import oshi.software.os.OSFileStore;

/**
 * {@link OshiSystem} on this machine's hardware. The {@link SystemInfo} is created once, since OSHI caches the
 * processor and memory objects in it.
 *
 * <p>Disks are listed afresh on every {@link #disks()} call rather than kept and refreshed with
 * {@link HWDiskStore#updateAttributes()}: on Linux each {@code updateAttributes()} walks every block device in
 * udev until it finds its disk, so refreshing N disks costs N walks, while listing costs one (measured on a
 * two-disk VM: about 3 ms to list, about 6 ms to refresh both). Listing also sees disks and partitions added
 * since the last call, which a kept list never would after a DataNode hot-swaps a disk.
 *
 * <p>The only class of ours that names OSHI types: {@link OshiRuntime} decides which class loader defines it.
 */
public final class RealOshiSystem implements OshiSystem {

  private final SystemInfo info;
  private final CentralProcessor processor;
  private final GlobalMemory memory;
  private final FileSystem fileSystem;

  /** Public for {@link OshiRuntime}, which may construct it through another class loader. */
  public RealOshiSystem() {
    info = new SystemInfo();
    processor = info.getHardware().getProcessor();
    memory = info.getHardware().getMemory();
    fileSystem = info.getOperatingSystem().getFileSystem();
  }

  @Override
  public long[] cpuTicks() {
    return processor.getSystemCpuLoadTicks();
  }

  @Override
  public long memoryTotal() {
    return memory.getTotal();
  }

  @Override
  public long memoryAvailable() {
    return memory.getAvailable();
  }

  @Override
  public List<DiskInfo> disks() {
    return info.getHardware().getDiskStores().stream().map(RealOshiSystem::disk).toList();
  }

  @Override
  public List<MountInfo> fileStores() {
    return fileSystem.getFileStores().stream().map(RealOshiSystem::mount).toList();
  }

  private static DiskInfo disk(HWDiskStore d) {
    List<PartitionInfo> partitions = d.getPartitions().stream().map(RealOshiSystem::partition).toList();
    return new DiskInfo(d.getName(), partitions, d.getReads(), d.getWrites(), d.getReadBytes(),
        d.getWriteBytes(), d.getTransferTime(), d.getCurrentQueueLength());
  }

  private static PartitionInfo partition(HWPartition p) {
    return new PartitionInfo(nullToEmpty(p.getIdentification()), nullToEmpty(p.getMountPoint()));
  }

  /**
   * OSHI's logical volume is its own resolution of a {@code /dev/mapper} link (e.g. {@code /dev/dm-0}, the name
   * it gives the device-mapper disk); the real path also resolves other links such as {@code /dev/disk/by-uuid}.
   */
  private static MountInfo mount(OSFileStore s) {
    Set<String> names = new LinkedHashSet<>();
    addIfPresent(names, s.getVolume());
    addIfPresent(names, s.getLogicalVolume());
    addIfPresent(names, realDevicePath(s.getVolume()));
    return new MountInfo(nullToEmpty(s.getMount()), List.copyOf(names));
  }

  private static String realDevicePath(String volume) {
    if (volume == null || !volume.startsWith("/dev/")) {
      return "";
    }
    try {
      return Path.of(volume).toRealPath().toString();
    } catch (IOException | InvalidPathException e) {
      return "";
    }
  }

  private static void addIfPresent(Set<String> names, String name) {
    if (name != null && !name.isBlank()) {
      names.add(name);
    }
  }

  private static String nullToEmpty(String s) {
    return s == null ? "" : s;
  }
}
