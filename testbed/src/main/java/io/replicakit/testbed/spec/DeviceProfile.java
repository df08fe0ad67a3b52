/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.common.storage.Throughput;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import org.apache.hadoop.fs.StorageType;

/**
 * Emulated throughput of each storage medium, set in MiB/s (the unit TestDFSIO reports as "mb/sec"), and the burst
 * an idle device may serve at once. Every volume of that type on every DataNode gets one device of this speed,
 * shared by all its reads and writes.
 *
 * <p>The defaults keep the fastest device well below what two cores can push through the DataNode code in one
 * JVM (see docs/testbed.md), and keep the read-selection paper's ratio of SSD to HDD speed (about 5:1).
 */
public record DeviceProfile(StorageSpeeds speeds, long burstBytes) {

  /** Default emulated speeds: 80, 40, 8 and 4 MiB/s for memory, SSD, disk and archive. */
  public static final StorageSpeeds DEFAULT_SPEEDS = defaults();

  /**
   * Default burst: covers the DataNode's own processing time between packets, so a single stream reaches the
   * configured speed (docs/testbed.md, "Burst").
   */
  public static final long DEFAULT_BURST_BYTES = 1024 * 1024;

  public DeviceProfile {
    Objects.requireNonNull(speeds, "speeds");
    if (burstBytes < 0) {
      throw new IllegalArgumentException("burstBytes must be >= 0, was " + burstBytes);
    }
  }

  public static DeviceProfile defaultProfile() {
    return new DeviceProfile(DEFAULT_SPEEDS, DEFAULT_BURST_BYTES);
  }

  public DeviceProfile withBurstBytes(long burst) {
    return new DeviceProfile(speeds, burst);
  }

  public Throughput throughput(StorageType type) {
    return speeds.get(type);
  }

  public double mibPerSec(StorageType type) {
    return throughput(type).mibPerSec();
  }

  public long bytesPerSec(StorageType type) {
    return throughput(type).wholeBytesPerSec();
  }

  public String describe() {
    StringBuilder sb = new StringBuilder();
    speeds.asMap().forEach((type, speed) -> {
      if (type != StorageType.PROVIDED) {
        sb.append(sb.length() == 0 ? "" : ", ")
            .append(type).append(' ').append(String.format(Locale.ROOT, "%.1f", speed.mibPerSec())).append(" MiB/s");
      }
    });
    return sb.append("; burst ").append(Sizes.format(burstBytes)).toString();
  }

  private static StorageSpeeds defaults() {
    Map<StorageType, Throughput> m = new EnumMap<>(StorageType.class);
    m.put(StorageType.RAM_DISK, Throughput.mibPerSec(80));
    m.put(StorageType.NVDIMM, Throughput.mibPerSec(80));
    m.put(StorageType.SSD, Throughput.mibPerSec(40));
    m.put(StorageType.DISK, Throughput.mibPerSec(8));
    m.put(StorageType.ARCHIVE, Throughput.mibPerSec(4));
    m.put(StorageType.PROVIDED, Throughput.mibPerSec(8));
    return StorageSpeeds.of(m);
  }
}
