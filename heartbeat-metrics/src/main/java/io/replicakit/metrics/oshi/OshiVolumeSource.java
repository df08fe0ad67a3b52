/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.common.sysstate.VolumeSource;
import io.replicakit.metrics.oshi.OshiSystem.DiskInfo;
import io.replicakit.metrics.oshi.OshiSystem.MountInfo;
import io.replicakit.metrics.oshi.OshiSystem.PartitionInfo;
import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Volume I/O counters from OSHI's disks. Each volume is mapped to the disk behind it:
 *
 * <ol>
 *   <li>the volume path is made absolute and its symbolic links resolved as far as it exists, so a volume
 *       directory not created yet still maps by its parent;
 *   <li>the mount is the one whose mount point is the longest path-component prefix ({@code /data1} does not
 *       contain {@code /data10/x}); mounts are OSHI's file stores and the partitions OSHI reports mounted, and
 *       of equal mount points the later file store wins, as the later mount hides the earlier one;
 *   <li>the disk is the one whose name, or one of whose partitions' names, is a name of the mount's device. A
 *       whole-disk file system matches by disk name; an LVM volume mounted as {@code /dev/mapper/vg-lv}
 *       matches the device-mapper disk OSHI lists as {@code /dev/dm-N}, because the mapper link resolves to
 *       that node. A mount with no such disk ({@code tmpfs}, NFS, the container's {@code overlay}, a mapper
 *       device OSHI does not list) leaves the volume {@link VolumeCounters#unavailable unavailable}.
 * </ol>
 *
 * <p>OSHI keeps counters per disk, not per partition, so every volume on one disk reports that disk's counters
 * and its utilization is the device's, as iostat reports it. {@code ioNanos} is always
 * {@link VolumeCounters#UNKNOWN}: OSHI does not expose the kernel's time-weighted I/O time
 * ({@code time_in_queue}), so await and mean queue length cannot be derived from it. OSHI's transfer time is
 * {@code io_ticks}, the busy time, which is what {@code busyNanos} needs.
 *
 * <p>Mappings are cached per path, since listing file stores is costly (OSHI runs {@code statvfs} on every
 * mount and spawns {@code lsblk}); a path is mapped again when it is new, when its disk is no longer listed,
 * and, if no disk was found, once {@link #RETRY_UNMAPPED_NANOS} has passed. Known limit: OSHI leaves pseudo file
 * systems ({@code overlay}, {@code proc}, ...) and mounts at or under {@code /run}, {@code /sys} or
 * {@code /proc}, at {@code /dev} and at any {@code shm} directory out of its file stores, so a volume on such a
 * mount that is not a partition OSHI reports mounted maps to the mount above it.
 *
 * <p>Not thread-safe: {@link VolumeSource} is read from one thread.
 */
final class OshiVolumeSource implements VolumeSource {

  /** How long a volume whose disk was not found is reported unavailable before it is looked up again. */
  static final long RETRY_UNMAPPED_NANOS = TimeUnit.MINUTES.toNanos(1);

  private static final Logger LOG = LoggerFactory.getLogger(OshiVolumeSource.class);

  private final OshiSystem system;
  private final LongSupplier nanoClock;
  private final Set<String> reportedUnmapped = new HashSet<>();
  private Map<String, Mapping> mappings = Map.of();

  /** The disk a volume path was mapped to ({@code ""} when none was found) and when. */
  private record Mapping(String disk, long atNanos) {

    boolean found() {
      return !disk.isEmpty();
    }
  }

  OshiVolumeSource(OshiSystem system) {
    this(system, System::nanoTime);
  }

  OshiVolumeSource(OshiSystem system, LongSupplier nanoClock) {
    this.system = system;
    this.nanoClock = nanoClock;
  }

  @Override
  public List<VolumeCounters> read(List<VolumeRef> volumes) {
    Map<String, DiskInfo> disks = byName(system.disks());
    long now = nanoClock.getAsLong();
    Lookup lookup = new Lookup(disks, system::fileStores);
    Map<String, Mapping> current = new HashMap<>();
    List<VolumeCounters> result = new ArrayList<>(volumes.size());
    for (VolumeRef volume : volumes) {
      Mapping m = current.computeIfAbsent(volume.path(), path -> mapping(path, disks, lookup, now));
      result.add(m.found() ? counters(volume, disks.get(m.disk()), now) : VolumeCounters.unavailable(volume, now));
    }
    mappings = current;
    return result;
  }

  private Mapping mapping(String path, Map<String, DiskInfo> disks, Lookup lookup, long now) {
    Mapping cached = mappings.get(path);
    if (cached != null && stillValid(cached, disks, now)) {
      return cached;
    }
    Mapping fresh = new Mapping(lookup.diskOf(path).orElse(""), now);
    log(path, fresh);
    return fresh;
  }

  private static boolean stillValid(Mapping m, Map<String, DiskInfo> disks, long now) {
    return m.found() ? disks.containsKey(m.disk()) : now - m.atNanos() < RETRY_UNMAPPED_NANOS;
  }

  private void log(String path, Mapping m) {
    if (m.found()) {
      LOG.debug("Volume {} is on disk {}", path, m.disk());
    } else if (reportedUnmapped.add(path)) {
      LOG.warn("No disk found behind volume {}; its I/O metrics are reported as unavailable", path);
    }
  }

  private static VolumeCounters counters(VolumeRef volume, DiskInfo d, long now) {
    return new VolumeCounters(volume, d.name(), d.reads() + d.writes(), d.readBytes(), d.writeBytes(),
        TimeUnit.MILLISECONDS.toNanos(d.transferTimeMs()), VolumeCounters.UNKNOWN, d.currentQueueLength(), now);
  }

  private static Map<String, DiskInfo> byName(List<DiskInfo> disks) {
    Map<String, DiskInfo> byName = new LinkedHashMap<>();
    disks.forEach(d -> byName.putIfAbsent(d.name(), d));
    return byName;
  }

  /** The mapping rule over one reading of the disks; the mounts are fetched once, when first needed. */
  private static final class Lookup {

    private final Map<String, DiskInfo> disks;
    private final Supplier<List<MountInfo>> fileStores;
    private List<MountInfo> mounts;

    Lookup(Map<String, DiskInfo> disks, Supplier<List<MountInfo>> fileStores) {
      this.disks = disks;
      this.fileStores = fileStores;
    }

    Optional<String> diskOf(String path) {
      return resolve(path).flatMap(this::innermostMount).flatMap(this::diskBehind);
    }

    private Optional<MountInfo> innermostMount(Path path) {
      MountInfo best = null;
      int bestDepth = -1;
      for (MountInfo m : mounts()) {
        Path point = absolutePath(m.mountPoint());
        if (point != null && path.startsWith(point) && point.getNameCount() >= bestDepth) {
          best = m;
          bestDepth = point.getNameCount();
        }
      }
      return Optional.ofNullable(best);
    }

    private Optional<String> diskBehind(MountInfo mount) {
      return disks.values().stream().filter(d -> isBehind(d, mount)).map(DiskInfo::name).findFirst();
    }

    private static boolean isBehind(DiskInfo disk, MountInfo mount) {
      List<String> names = mount.deviceNames();
      return names.contains(disk.name())
          || disk.partitions().stream().anyMatch(p -> names.contains(p.identification()));
    }

    /** Partition mounts first, so a file store on the same mount point (possibly mounted over it) wins. */
    private List<MountInfo> mounts() {
      if (mounts == null) {
        mounts = new ArrayList<>();
        disks.values().forEach(d -> d.partitions().forEach(p -> addPartitionMount(p, mounts)));
        mounts.addAll(fileStores.get());
      }
      return mounts;
    }

    /** OSHI puts holder names or a {@code /dev/mapper} name where an unmounted partition's mount point goes. */
    private static void addPartitionMount(PartitionInfo p, List<MountInfo> mounts) {
      String point = p.mountPoint();
      if (point.startsWith("/") && !point.startsWith("/dev/")) {
        mounts.add(new MountInfo(point, List.of(p.identification())));
      }
    }
  }

  /** The absolute path with its symbolic links resolved as far as it exists; empty if it is not a path. */
  private static Optional<Path> resolve(String path) {
    try {
      return Optional.of(realAsFarAsExists(Path.of(path).toAbsolutePath().normalize()));
    } catch (InvalidPathException e) {
      return Optional.empty();
    }
  }

  private static Path realAsFarAsExists(Path absolute) {
    for (Path existing = absolute; existing != null; existing = existing.getParent()) {
      try {
        return existing.toRealPath().resolve(existing.relativize(absolute));
      } catch (IOException e) {
        // Not there (yet) or not readable: resolve the parent instead.
      }
    }
    return absolute;
  }

  private static Path absolutePath(String s) {
    try {
      Path p = Path.of(s);
      return p.isAbsolute() ? p.normalize() : null;
    } catch (InvalidPathException e) {
      return null;
    }
  }
}
