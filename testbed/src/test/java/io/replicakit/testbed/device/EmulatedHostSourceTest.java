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
}
