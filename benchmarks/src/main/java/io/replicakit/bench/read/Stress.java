/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.testbed.device.DeviceControl;
import java.time.Duration;
import java.util.Optional;

/**
 * A stage's stress on one DataNode while a read runs. I/O stress is real contention: background load offered to
 * the node's emulated devices above their speed, drawn from the same token buckets as the DataNode's reads (the
 * paper ran threads reading HDFS files on the stressed machine). CPU and memory stress are emulated in the
 * reported metrics only ({@link DeviceControl#stressHost}): the testbed's DataNodes share one machine, so real
 * stress would load every node alike.
 */
final class Stress implements AutoCloseable {

  /** Longer than any read; the stress is ended when the read is done. */
  private static final Duration MAX = Duration.ofMinutes(15);

  private final DeviceControl node;
  private final Optional<DeviceControl.Load> load;
  private final boolean host;

  private Stress(DeviceControl node, Optional<DeviceControl.Load> load, boolean host) {
    this.node = node;
    this.load = load;
    this.host = host;
  }

  static Stress apply(DeviceControl node, HotspotStage stage, HotspotProfile profile, double deviceMibS) {
    Optional<DeviceControl.Load> load = stage.io()
        ? Optional.of(node.startLoad(profile.loadFactor() * deviceMibS, MAX)) : Optional.empty();
    if (stage.host()) {
      node.stressHost(profile.cpuBusyPct(), profile.memoryUsedPct(), MAX);
    }
    return new Stress(node, load, stage.host());
  }

  @Override
  public void close() {
    load.ifPresent(DeviceControl.Load::close);
    if (host) {
      node.endHostStress();
    }
  }
}
