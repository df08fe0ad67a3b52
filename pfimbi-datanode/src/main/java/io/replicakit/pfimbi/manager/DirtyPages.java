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
import java.util.function.LongSupplier;

/**
 * The host's dirty page-cache data in bytes, for the MemDisk metric (thesis §4.6.1): Linux's {@code Dirty} line of
 * {@code /proc/meminfo}. Unknown ({@link DiskCounters#UNKNOWN}) where there is no such file or line.
 */
public final class DirtyPages implements LongSupplier {

  private static final Path MEMINFO = Path.of("/proc/meminfo");

  @Override
  public long getAsLong() {
    try {
      return parse(Files.readAllLines(MEMINFO));
    } catch (IOException | RuntimeException e) {
      return DiskCounters.UNKNOWN;
    }
  }

  /** The {@code Dirty:} value of meminfo lines, in bytes (the file gives kB). */
  static long parse(List<String> lines) {
    for (String line : lines) {
      if (line.startsWith("Dirty:")) {
        String[] parts = line.substring(6).trim().split("\\s+");
        return Long.parseLong(parts[0]) * 1024;
      }
    }
    return DiskCounters.UNKNOWN;
  }
}
