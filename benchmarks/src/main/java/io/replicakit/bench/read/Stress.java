/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.testbed.device.BackgroundLoad;
import io.replicakit.testbed.device.NodeDevices;
import java.time.Duration;
import java.util.Optional;

/**
 * A stage's stress on one DataNode while a read runs. I/O stress is real contention: background load offered to
 * the node's emulated devices above their speed, drawn from the same token buckets as the DataNode's reads (the
 * paper ran threads reading HDFS files on the stressed machine). CPU and memory stress are emulated in the
 * reported metrics only ({@link NodeDevices#stressHost}): the embedded DataNodes share one machine, so real
 * stress would load every node alike.
 */
final class Stress implements AutoCloseable {

  /** Longer than any read; the stress is ended when the read is done. */
  private static final Duration MAX = Duration.ofMinutes(15);

  private final NodeDevices node;
  private final Optional<BackgroundLoad> load;
  private final boolean host;

  private Stress(NodeDevices node, Optional<BackgroundLoad> load, boolean host) {
    this.node = node;
    this.load = load;
    this.host = host;
  }

  static Stress apply(NodeDevices node, HotspotStage stage, HotspotProfile profile, double deviceMibS) {
    Optional<BackgroundLoad> load = stage.io()
        ? Optional.of(node.startLoad(v -> true, profile.loadFactor() * deviceMibS, MAX)) : Optional.empty();
    if (stage.host()) {
      node.stressHost(profile.cpuBusyPct(), profile.memoryUsedPct(), MAX);
    }
    return new Stress(node, load, stage.host());
  }

  @Override
  public void close() {
    load.ifPresent(BackgroundLoad::close);
    if (host) {
      node.endHostStress();
    }
  }
}
