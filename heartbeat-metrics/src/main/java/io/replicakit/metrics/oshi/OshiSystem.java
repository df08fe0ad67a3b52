/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import java.util.List;
import java.util.Objects;

/**
 * The few OSHI readings the OSHI sources use, behind an interface so their logic (tick arithmetic, mapping a
 * volume to its disk, unit conversion) is tested with a fake instead of this machine's hardware. Values are
 * copied out of OSHI's objects into plain records, so nothing here depends on OSHI's live, self-updating types.
 *
 * <p>Public because in the installable jar the implementation is defined by {@link JnaIsolatingClassLoader}, a
 * different runtime package than this interface's (see {@link OshiRuntime}).
 */
public interface OshiSystem {

  /**
   * Index of idle ticks in {@link #cpuTicks()}, OSHI's {@code TickType.IDLE.getIndex()} (checked by
   * {@code OshiHostSourceTest}). A constant here rather than OSHI's enum, so that only {@link RealOshiSystem}
   * names OSHI types: in the installable jar OSHI lives in a private class loader.
   */
  int IDLE_TICKS = 3;

  /** Index of I/O-wait ticks in {@link #cpuTicks()}, OSHI's {@code TickType.IOWAIT.getIndex()}. */
  int IOWAIT_TICKS = 4;

  /**
   * Cumulative system CPU ticks in milliseconds, summed over cores, indexed by
   * {@link oshi.hardware.CentralProcessor.TickType#getIndex()}.
   */
  long[] cpuTicks();

  /** Physical memory in bytes. */
  long memoryTotal();

  /** Memory available to new work without swapping, in bytes ({@code MemAvailable} on Linux). */
  long memoryAvailable();

  /** The physical and device-mapper disks with their current cumulative counters. */
  List<DiskInfo> disks();

  /** The mounted file systems OSHI lists (it leaves out pseudo file systems and paths such as /run and /dev). */
  List<MountInfo> fileStores();

  /**
   * One disk as OSHI's {@code HWDiskStore} reports it.
   *
   * @param name the device node, e.g. {@code /dev/sdb} or {@code /dev/dm-0}
   * @param partitions the disk's partitions (for a device-mapper disk, OSHI reports one pseudo-partition)
   * @param reads completed reads
   * @param writes completed writes
   * @param readBytes bytes read
   * @param writeBytes bytes written
   * @param transferTimeMs milliseconds the disk had a request in service; on Linux this is {@code io_ticks}, the
   *     tenth field of {@code /sys/block/<disk>/stat}, i.e. busy time, not time summed over requests
   * @param currentQueueLength requests issued to the driver and not yet completed
   */
  record DiskInfo(
      String name,
      List<PartitionInfo> partitions,
      long reads,
      long writes,
      long readBytes,
      long writeBytes,
      long transferTimeMs,
      long currentQueueLength) {

    public DiskInfo {
      Objects.requireNonNull(name, "name");
      partitions = List.copyOf(partitions);
    }
  }

  /**
   * One partition of a disk.
   *
   * @param identification the partition's device node, e.g. {@code /dev/sdb1}
   * @param mountPoint where OSHI says it is mounted; on Linux OSHI fills this with the holder devices (e.g.
   *     {@code dm-0}) when the partition is not mounted, and with the {@code /dev/mapper} name for a
   *     device-mapper disk, so only an absolute path outside {@code /dev} is a mount point
   */
  record PartitionInfo(String identification, String mountPoint) {

    public PartitionInfo {
      Objects.requireNonNull(identification, "identification");
      Objects.requireNonNull(mountPoint, "mountPoint");
    }
  }

  /**
   * One mounted file system.
   *
   * @param mountPoint the directory it is mounted on
   * @param deviceNames the names its device is known by: the name in {@code /proc/mounts} (e.g.
   *     {@code /dev/sdb1} or {@code /dev/mapper/vg-data}) and, where they differ, the node it resolves to (e.g.
   *     {@code /dev/dm-0}); not device paths at all for file systems without a block device ({@code tmpfs})
   */
  record MountInfo(String mountPoint, List<String> deviceNames) {

    public MountInfo {
      Objects.requireNonNull(mountPoint, "mountPoint");
      deviceNames = List.copyOf(deviceNames);
    }
  }
}
