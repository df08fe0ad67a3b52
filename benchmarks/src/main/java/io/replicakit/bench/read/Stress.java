/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.read;

import io.replicakit.testbed.device.DeviceControl;
import io.replicakit.testbed.spec.ClusterSpec;
import java.time.Duration;
import java.util.Optional;

/**
 * A stage's stress on one DataNode while a read runs. I/O stress is real contention: background load offered to
 * the node's emulated devices above their speed, drawn from the same token buckets as the DataNode's reads (the
 * paper ran threads reading HDFS files on the stressed machine). CPU and memory stress are emulated in the
 * reported metrics only ({@link DeviceControl#stressHost}): the testbed's DataNodes share one machine, so real
 * stress would load every node alike.
 *
 * <p>On a node with two volumes (SSD and DISK on {@code one-ssd}) both are loaded. On One_SSD data the node
 * serves some of its blocks from the SSD (their one SSD replica) and the others from the DISK, so loading one
 * volume would leave the node fast for part of its reads: a policy that keeps its reads off the node would then
 * be judged on a node that is only half a hotspot. {@link DeviceControl#startLoad} offers one rate to every
 * volume, so the rate is the load factor times the fastest device's speed. With a factor above 1 that saturates
 * each volume, and a slower one exactly as its own multiple would: a saturated device's load thread issues its
 * requests back to back either way ({@code BackgroundLoad}).
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

  /** The speed of the spec's fastest volume type, MiB/s: the load factor multiplies it. */
  static double fastestMibS(ClusterSpec spec) {
    return spec.volumeTypes().stream().mapToDouble(t -> spec.devices().mibPerSec(t)).max()
        .orElseThrow(() -> new IllegalArgumentException("spec '" + spec.name() + "' has no volumes"));
  }

  /** @param deviceMibS the device speed the profile's load factor multiplies ({@link #fastestMibS}) */
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
