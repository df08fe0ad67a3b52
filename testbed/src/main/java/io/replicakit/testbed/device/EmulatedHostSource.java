/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import com.sun.management.OperatingSystemMXBean;
import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.HostSource;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A DataNode's host counters in the embedded testbed (provider name {@code testbed}): the machine's own CPU load
 * and free memory, which every embedded node shares, made worse by the node's emulated {@link
 * NodeDevices.HostStress}. CPU ticks are accumulated here in milliseconds of wall time: each read adds the
 * elapsed time, of which the larger of the machine's load and the node's stress counts as busy.
 *
 * <p>The machine's load is taken over this node's own interval, from the machine's cumulative CPU ticks
 * ({@code /proc/stat}), so every node sampling the same machine over the same second reports about the same
 * load. The JVM's {@code getCpuLoad()}, the fallback where {@code /proc/stat} cannot be read, measures since the
 * previous call by anyone in the process: with several DataNodes in one JVM each got the load of a random
 * fraction of a second, and nodes equally loaded reported idle CPU bands apart, which the read policies took for
 * real differences between the nodes.
 */
final class EmulatedHostSource implements HostSource {

  private final String nodeName;
  private final EmulatedDevices devices;
  private final Ticker ticker;
  private final OperatingSystemMXBean os =
      (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private final MachineCpu machine;
  private long lastNanos = Long.MIN_VALUE;
  private long totalTicks;
  private long idleTicks;
  private MachineCpu.Ticks lastMachine;

  /** The machine's cumulative CPU ticks, busy and total; null when they cannot be read. */
  @FunctionalInterface
  interface MachineCpu {

    record Ticks(long busy, long total) {}

    Ticks read();

    /** From the first line of {@code /proc/stat} (user, nice, system, idle, iowait, irq, softirq, steal). */
    static MachineCpu procStat() {
      Path stat = Path.of("/proc/stat");
      return () -> {
        try (var lines = Files.lines(stat)) {
          return lines.findFirst().map(MachineCpu::parse).orElse(null);
        } catch (IOException | RuntimeException e) {
          return null;
        }
      };
    }

    static Ticks parse(String cpuLine) {
      List<String> f = List.of(cpuLine.trim().split("\\s+"));
      if (f.size() < 6 || !f.get(0).equals("cpu")) {
        return null;
      }
      long total = 0;
      for (int i = 1; i < Math.min(f.size(), 9); i++) {
        total += Long.parseLong(f.get(i));
      }
      long idle = Long.parseLong(f.get(4)) + Long.parseLong(f.get(5));
      return new Ticks(total - idle, total);
    }
  }

  EmulatedHostSource(String nodeName, EmulatedDevices devices, Ticker ticker) {
    this(nodeName, devices, ticker, MachineCpu.procStat());
  }

  EmulatedHostSource(String nodeName, EmulatedDevices devices, Ticker ticker, MachineCpu machine) {
    this.nodeName = nodeName;
    this.devices = devices;
    this.ticker = ticker;
    this.machine = machine;
  }

  @Override
  public HostCounters read() {
    long now = ticker.nanoTime();
    Optional<NodeDevices.HostStress> stress = devices.find(nodeName).map(NodeDevices::hostStress);
    double machineBusy = machineBusy();
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

  /** The machine's busy share since this node's previous read (the JVM's recent load without ticks). */
  private double machineBusy() {
    MachineCpu.Ticks now = machine.read();
    MachineCpu.Ticks before = lastMachine;
    lastMachine = now;
    if (now == null) {
      return Math.max(0, os.getCpuLoad());
    }
    if (before == null || now.total() <= before.total()) {
      return 0;
    }
    return Math.min(1, Math.max(0, (double) (now.busy() - before.busy()) / (now.total() - before.total())));
  }
}
