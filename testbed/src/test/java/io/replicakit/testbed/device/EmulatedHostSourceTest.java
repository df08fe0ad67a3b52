/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.SourceProvider;
import io.replicakit.common.sysstate.SourceSettings;
import io.replicakit.testbed.spec.DeviceProfile;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class EmulatedHostSourceTest {

  private final FakeTicker ticker = new FakeTicker();
  private final EmulatedDevices devices = new EmulatedDevices(ticker);
  private final NodeDevices node = devices.attach(DeviceSettings.of("dn07", DeviceProfile.defaultProfile(),
      List.of()));
  private final EmulatedHostSource source = new EmulatedHostSource("dn07", devices, ticker);

  @Test
  void cpuStress_makesAtMostTheUnstressedShareIdle_andEndsWithItsWindow() {
    node.stressHost(90, 0, Duration.ofSeconds(10));
    HostCounters first = source.read();
    ticker.advance(Duration.ofSeconds(2).toNanos());
    HostCounters stressed = source.read();

    long total = stressed.cpuTotalTicks() - first.cpuTotalTicks();
    long idle = stressed.cpuIdleTicks() - first.cpuIdleTicks();
    assertEquals(2000, total, "ticks are milliseconds of wall time");
    assertTrue(idle <= 200, "at most 10 % idle under 90 % CPU stress, was " + idle + " of " + total);

    ticker.advance(Duration.ofSeconds(10).toNanos());
    assertEquals(NodeDevices.HostStress.NONE, node.hostStress(), "the stress window has ended");
  }

  @Test
  void memoryStress_capsAvailableMemory() {
    node.stressHost(0, 75, Duration.ofSeconds(10));
    HostCounters c = source.read();

    assertTrue(c.memoryAvailableBytes() <= c.memoryTotalBytes() / 4 + 1,
        c.memoryAvailableBytes() + " of " + c.memoryTotalBytes());
  }

  @Test
  void provider_offersHostAndVolumeSources_underTheNameTestbed() {
    SourceProvider testbed = SourceProvider.named("testbed").orElseThrow();
    SourceSettings settings = new SourceSettings(key -> key.equals("replicakit.testbed.node.name") ? "dn07" : null);

    assertTrue(testbed.openHost(settings).isPresent());
    assertTrue(testbed.openVolumes(settings).isPresent());
  }

  /** /proc/stat's cpu line: busy is everything but idle and iowait, over the first eight fields. */
  @Test
  void procStatLine_givesBusyAndTotalTicks() {
    EmulatedHostSource.MachineCpu.Ticks t =
        EmulatedHostSource.MachineCpu.parse("cpu  100 5 50 800 40 3 2 0 7 0");

    assertEquals(new EmulatedHostSource.MachineCpu.Ticks(160, 1000), t);
  }

  /**
   * Nodes on one machine read over the same interval report the same idle share, whatever else in the process
   * looked at the CPU load in between (the JVM's getCpuLoad() measured since anyone's previous call).
   */
  @Test
  void nodesOfOneMachine_reportTheMachinesLoadOverTheirOwnInterval() {
    long[] busy = {0};
    long[] total = {0};
    EmulatedHostSource.MachineCpu machine = () -> new EmulatedHostSource.MachineCpu.Ticks(busy[0], total[0]);
    devices.attach(DeviceSettings.of("dn08", DeviceProfile.defaultProfile(), List.of()));
    EmulatedHostSource a = new EmulatedHostSource("dn07", devices, ticker, machine);
    EmulatedHostSource b = new EmulatedHostSource("dn08", devices, ticker, machine);
    HostCounters a0 = a.read();
    HostCounters b0 = b.read();

    busy[0] += 300; // 30 % busy over the next second
    total[0] += 1000;
    ticker.advance(Duration.ofSeconds(1).toNanos());
    HostCounters a1 = a.read();
    HostCounters b1 = b.read();

    assertEquals(700, a1.cpuIdleTicks() - a0.cpuIdleTicks());
    assertEquals(700, b1.cpuIdleTicks() - b0.cpuIdleTicks());
  }
}
