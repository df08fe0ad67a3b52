/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.state;

import java.util.Objects;

/**
 * One HDFS volume and the device behind it over one interval: the {@code iostat -x} columns the hotspot paper
 * scores (await, rkB/s, wkB/s) plus utilization and queue length, which the read-selection paper's dynamic
 * round-robin and Pfimbi's activity monitor use. A metric that could not be observed is {@code NaN}.
 *
 * @param storageId DataNode storage ID of the volume
 * @param storageType HDFS storage type name
 * @param device the device the numbers are of, or empty when it was not found
 * @param awaitMs mean time per request, queued and in service
 * @param readKbPerSec kB (1024 bytes) read per second
 * @param writeKbPerSec kB written per second
 * @param utilizationPct share of the interval the device was busy, 0..100
 * @param queueLength mean requests queued or in service
 */
public record VolumeMetrics(
    String storageId,
    String storageType,
    String device,
    double awaitMs,
    double readKbPerSec,
    double writeKbPerSec,
    double utilizationPct,
    double queueLength) {

  public VolumeMetrics {
    Objects.requireNonNull(storageId, "storageId");
    Objects.requireNonNull(storageType, "storageType");
    Objects.requireNonNull(device, "device");
  }

  /** A volume with no observed metric (first sample, device not found, counters reset). */
  public static VolumeMetrics missing(String storageId, String storageType, String device) {
    return new VolumeMetrics(storageId, storageType, device, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
        Double.NaN);
  }

  public boolean hasUtilization() {
    return !Double.isNaN(utilizationPct);
  }

  public boolean hasIo() {
    return !Double.isNaN(awaitMs) && !Double.isNaN(readKbPerSec) && !Double.isNaN(writeKbPerSec);
  }
}
