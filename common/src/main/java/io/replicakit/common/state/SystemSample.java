/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common.state;

import java.util.List;
import java.util.Objects;

/**
 * One DataNode's system state over one interval, as sent to the NameNode. {@code (epoch, sequence)} orders a
 * DataNode's samples: the epoch is when its reporter started, so a restarted DataNode's samples come after its
 * earlier ones even though its sequence starts again at 0.
 *
 * @param datanodeUuid the DataNode's UUID, as registered with the NameNode
 * @param epoch reporter start time, epoch milliseconds
 * @param sequence sample number within the epoch
 * @param sampleTimeMs when the sample was taken, DataNode wall clock
 * @param intervalMs the DataNode's sampling interval (staleness is measured in these)
 * @param host CPU and memory
 * @param volumes one entry per HDFS volume
 */
public record SystemSample(
    String datanodeUuid,
    long epoch,
    long sequence,
    long sampleTimeMs,
    int intervalMs,
    HostMetrics host,
    List<VolumeMetrics> volumes) {

  public SystemSample {
    Objects.requireNonNull(datanodeUuid, "datanodeUuid");
    Objects.requireNonNull(host, "host");
    volumes = List.copyOf(volumes);
  }

  /** True when this sample was taken after {@code other} by the same DataNode. */
  public boolean isAfter(SystemSample other) {
    return epoch != other.epoch ? epoch > other.epoch : sequence > other.sequence;
  }
}
