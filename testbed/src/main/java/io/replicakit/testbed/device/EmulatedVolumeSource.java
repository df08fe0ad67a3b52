/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import io.replicakit.common.sysstate.HostSource;
import io.replicakit.common.sysstate.SourceProvider;
import io.replicakit.common.sysstate.SourceSettings;
import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.common.sysstate.VolumeSource;
import io.replicakit.testbed.TestbedConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The emulated devices' counters as a {@link VolumeSource} (provider name {@code testbed}, which also offers
 * {@link EmulatedHostSource} for host counters). Embedded DataNodes
 * share one machine's disks, so a real-disk source would show every node the same device; this source shows
 * each node its own emulated devices instead, counted as {@code iostat} counts a shared disk: background load
 * from another tenant is part of the device's requests, busy time and queue (its bytes count as writes).
 *
 * <p>The node is found by {@link TestbedConfig#NODE_NAME_KEY} in the DataNode's configuration, looked up on
 * every read, because the DataNode opens its dataset (and so its devices) after its plugins start.
 */
public final class EmulatedVolumeSource implements VolumeSource {

  private final String nodeName;
  private final EmulatedDevices devices;

  EmulatedVolumeSource(String nodeName, EmulatedDevices devices) {
    this.nodeName = nodeName;
    this.devices = devices;
  }

  @Override
  public List<VolumeCounters> read(List<VolumeRef> volumes) {
    Optional<NodeDevices> node = devices.find(nodeName);
    List<VolumeCounters> result = new ArrayList<>(volumes.size());
    for (VolumeRef ref : volumes) {
      Optional<VolumeDevice> device = node.flatMap(n -> n.findVolume(ref.storageId()));
      result.add(device.map(d -> counters(ref, d.stats()))
          .orElseGet(() -> VolumeCounters.unavailable(ref, System.nanoTime())));
    }
    return result;
  }

  /**
   * The emulated node's dirty data ({@link WriteBack}): 0 for a node that writes through or whose devices are not
   * open yet, never the real machine's, which all the embedded nodes share.
   */
  @Override
  public long dirtyBytes() {
    return devices.find(nodeName).map(n -> n.writeBack().dirtyBytes()).orElse(0L);
  }

  /** The emulated node's background write-back threshold; unknown for a node that writes through or is not open. */
  @Override
  public long dirtyBackgroundBytes() {
    return devices.find(nodeName).filter(n -> n.writeBack().enabled())
        .map(n -> n.writeBack().limits().backgroundBytes()).orElse(VolumeCounters.UNKNOWN);
  }

  private static VolumeCounters counters(VolumeRef ref, VolumeStats s) {
    String device = "emulated:" + s.node() + "/" + s.storageId();
    return new VolumeCounters(ref, device, s.deviceIos(), s.readBytes(), s.writeBytes() + s.loadBytes(),
        s.busyNanos(), s.deviceIoNanos(), VolumeCounters.UNKNOWN, s.atNanos());
  }

  /** Registers the source under the name {@code testbed}. */
  public static final class Provider implements SourceProvider {

    @Override
    public String name() {
      return "testbed";
    }

    @Override
    public Optional<VolumeSource> openVolumes(SourceSettings settings) {
      return Optional.of(new EmulatedVolumeSource(nodeName(settings), EmulatedDevices.global()));
    }

    @Override
    public Optional<HostSource> openHost(SourceSettings settings) {
      return Optional.of(new EmulatedHostSource(nodeName(settings), EmulatedDevices.global(), Ticker.system()));
    }

    private static String nodeName(SourceSettings settings) {
      String node = settings.get(TestbedConfig.NODE_NAME_KEY);
      if (node == null || node.isEmpty()) {
        throw new IllegalArgumentException("the testbed sources need " + TestbedConfig.NODE_NAME_KEY
            + " (the embedded cluster sets it on every DataNode); it is not set");
      }
      return node;
    }
  }
}
