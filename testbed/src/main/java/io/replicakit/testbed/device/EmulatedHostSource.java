/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import com.sun.management.OperatingSystemMXBean;
import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.HostSource;
import java.lang.management.ManagementFactory;
import java.util.Optional;

/**
 * A DataNode's host counters in the embedded testbed (provider name {@code testbed}): the machine's own CPU load
 * and free memory, which every embedded node shares, made worse by the node's emulated {@link
 * NodeDevices.HostStress}. CPU ticks are accumulated here in milliseconds of wall time: each read adds the
 * elapsed time, of which the larger of the machine's load and the node's stress counts as busy.
 */
final class EmulatedHostSource implements HostSource {

  private final String nodeName;
  private final EmulatedDevices devices;
  private final Ticker ticker;
  private final OperatingSystemMXBean os =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private long lastNanos = Long.MIN_VALUE;
  private long totalTicks;
  private long idleTicks;

  EmulatedHostSource(String nodeName, EmulatedDevices devices, Ticker ticker) {
    this.nodeName = nodeName;
    this.devices = devices;
    this.ticker = ticker;
  }

  @Override
  public HostCounters read() {
    long now = ticker.nanoTime();
    Optional<NodeDevices.HostStress> stress = devices.find(nodeName).map(NodeDevices::hostStress);
    double machineBusy = Math.max(0, os.getCpuLoad());
    double busy = Math.max(machineBusy, stress.map(s -> s.cpuBusyPct() / 100).orElse(0.0));
    if (lastNanos != Long.MIN_VALUE) {
      long elapsedMs = Math.max(0, (now - lastNanos) / 1_000_000);
      totalTicks += elapsedMs;
      idleTicks += Math.round(elapsedMs * (1 - Math.min(1, busy)));
    }
    lastNanos = now;
    long total = os.getTotalMemorySize();
    double stressedFree = total * (1 - stress.map(s -> s.memoryUsedPct() / 100).orElse(0.0));
    long available = (long) Math.min(os.getFreeMemorySize(), stressedFree);
    return new HostCounters(totalTicks, idleTicks, total, Math.max(0, available), now);
  }
}
