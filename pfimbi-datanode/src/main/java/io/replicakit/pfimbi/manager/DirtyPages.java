/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import io.replicakit.pfimbi.activity.DiskCounters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The Linux host's dirty page-cache data and its background write-back threshold, from {@code /proc}: the
 * {@code Dirty} line of {@code /proc/meminfo} for the MemDisk metric (thesis §4.6.1), and
 * {@code vm.dirty_background_bytes}, or {@code vm.dirty_background_ratio} of the memory the kernel lets be dirty
 * (free memory plus file pages, {@code mm/page-writeback.c}'s dirtyable memory, less its reserves, which this
 * leaves out), for the dirty-pressure rule ({@link DirtyData}). Unknown ({@link DiskCounters#UNKNOWN}) where the
 * files or lines are missing.
 */
public final class DirtyPages implements DirtyData {

  private static final Path MEMINFO = Path.of("/proc/meminfo");
  private static final Path BACKGROUND_BYTES = Path.of("/proc/sys/vm/dirty_background_bytes");
  private static final Path BACKGROUND_RATIO = Path.of("/proc/sys/vm/dirty_background_ratio");

  /** {@code /proc/meminfo} read once for both figures; each unknown where its files or lines are missing. */
  @Override
  public Sample sample() {
    List<String> meminfo;
    try {
      meminfo = Files.readAllLines(MEMINFO);
    } catch (IOException | RuntimeException e) {
      return new Sample(DiskCounters.UNKNOWN, DiskCounters.UNKNOWN);
    }
    long dirty;
    try {
      dirty = parse(meminfo);
    } catch (RuntimeException e) {
      dirty = DiskCounters.UNKNOWN;
    }
    long background;
    try {
      background = backgroundBytes(Files.readString(BACKGROUND_BYTES), Files.readString(BACKGROUND_RATIO), meminfo);
    } catch (IOException | RuntimeException e) {
      background = DiskCounters.UNKNOWN;
    }
    return new Sample(dirty, background);
  }

  /** The {@code Dirty:} value of meminfo lines, in bytes (the file gives kB). */
  static long parse(List<String> lines) {
    return field(lines, "Dirty:");
  }

  /**
   * The background threshold: {@code bytesSetting} when above 0 (it then overrides the ratio, as in the kernel),
   * else {@code ratioSetting} percent of MemFree + Active(file) + Inactive(file).
   */
  static long backgroundBytes(String bytesSetting, String ratioSetting, List<String> meminfo) {
    long bytes = Long.parseLong(bytesSetting.trim());
    if (bytes > 0) {
      return bytes;
    }
    long ratio = Long.parseLong(ratioSetting.trim());
    long free = field(meminfo, "MemFree:");
    long active = field(meminfo, "Active(file):");
    long inactive = field(meminfo, "Inactive(file):");
    if (free == DiskCounters.UNKNOWN || active == DiskCounters.UNKNOWN || inactive == DiskCounters.UNKNOWN) {
      return DiskCounters.UNKNOWN;
    }
    return (free + active + inactive) / 100 * ratio;
  }

  /** A meminfo line's value in bytes, or unknown. */
  private static long field(List<String> lines, String name) {
    for (String line : lines) {
      if (line.startsWith(name)) {
        String[] parts = line.substring(name.length()).trim().split("\\s+");
        return Long.parseLong(parts[0]) * 1024;
      }
    }
    return DiskCounters.UNKNOWN;
  }
}
