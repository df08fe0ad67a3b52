/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import io.replicakit.common.storage.StorageSpeeds;
import io.replicakit.testbed.spec.DeviceProfile;
import io.replicakit.testbed.spec.VolumeSpec;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.fs.StorageType;

/**
 * Validated device-emulation settings of one DataNode, read once from its configuration by
 * {@link io.replicakit.testbed.TestbedConfig#deviceSettings}.
 *
 * @param nodeName the DataNode's testbed name; devices are registered under it
 * @param speeds emulated throughput per storage type
 * @param burstBytes bytes an idle device may serve at once before the rate applies
 * @param volumes configured volumes in data-directory order (type and reported capacity); empty to keep the
 *     capacities of the real disks
 * @param pageCacheBytes size of the node's emulated page cache of recently written data ({@link PageCache}),
 *     shared by its volumes; 0 (the default) for none
 * @param writeBack the node's dirty-data thresholds ({@link WriteBack}); {@link DirtyLedger.Limits#WRITE_THROUGH}
 *     (the default) for devices that write through
 */
public record DeviceSettings(String nodeName, StorageSpeeds speeds, long burstBytes, List<VolumeSpec> volumes,
    long pageCacheBytes, DirtyLedger.Limits writeBack) {

  public DeviceSettings {
    Objects.requireNonNull(speeds, "speeds");
    Objects.requireNonNull(writeBack, "writeBack");
    if (pageCacheBytes < 0) {
      throw new IllegalArgumentException("pageCacheBytes must be >= 0, was " + pageCacheBytes);
    }
    volumes = List.copyOf(volumes);
  }

  /** Settings for a node with the given device speeds and volumes, without a page cache. */
  public static DeviceSettings of(String nodeName, DeviceProfile profile, List<VolumeSpec> volumes) {
    return of(nodeName, profile, volumes, 0);
  }

  /** Settings for a node with the given device speeds, volumes and page cache size (0 for none). */
  public static DeviceSettings of(String nodeName, DeviceProfile profile, List<VolumeSpec> volumes,
      long pageCacheBytes) {
    return new DeviceSettings(nodeName, profile.speeds(), profile.burstBytes(), volumes, pageCacheBytes,
        DirtyLedger.Limits.WRITE_THROUGH);
  }

  /** These settings with write-back under {@code limits}. */
  public DeviceSettings withWriteBack(DirtyLedger.Limits limits) {
    return new DeviceSettings(nodeName, speeds, burstBytes, volumes, pageCacheBytes, limits);
  }

  /** The emulated rate of {@code type}'s devices in whole bytes per second, what their token buckets refill. */
  public long bytesPerSec(StorageType type) {
    return speeds.get(type).wholeBytesPerSec();
  }

  public double mibPerSec(StorageType type) {
    return speeds.get(type).mibPerSec();
  }
}
