/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.sysstate.HostCounters;
import io.replicakit.common.sysstate.HostSource;
import io.replicakit.common.sysstate.SourceProvider;
import io.replicakit.common.sysstate.SourceSettings;
import io.replicakit.common.sysstate.VolumeCounters;
import io.replicakit.common.sysstate.VolumeRef;
import io.replicakit.common.sysstate.VolumeSource;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The registered provider and the real sources on whatever machine runs the test. */
class OshiSourceProviderTest {

  private static final SourceSettings NO_SETTINGS = new SourceSettings(key -> null);

  private static SourceProvider provider() {
    return SourceProvider.named("OSHI").orElseThrow(() -> new AssertionError("oshi provider not registered"));
  }

  @Test
  void provider_isFoundByNameThroughServiceLoader() {
    assertInstanceOf(OshiSourceProvider.class, provider());
    assertEquals("oshi", provider().name());
  }

  @Test
  void realHostSource_readsThisMachine() {
    try (HostSource host = provider().openHost(NO_SETTINGS).orElseThrow()) {
      HostCounters c = host.read();

      assertTrue(c.cpuTotalTicks() > 0, "total ticks " + c.cpuTotalTicks());
      assertTrue(c.cpuIdleTicks() <= c.cpuTotalTicks());
      assertTrue(c.memoryTotalBytes() > 0);
      assertTrue(c.memoryAvailableBytes() <= c.memoryTotalBytes());
    }
  }

  @Test
  void realVolumeSource_mapsATempDirectoryOrReportsItUnavailable(@TempDir Path tmp) {
    VolumeRef ref = new VolumeRef("DS-tmp", "DISK", tmp.resolve("dn").toString());
    try (VolumeSource volumes = provider().openVolumes(NO_SETTINGS).orElseThrow()) {
      List<VolumeCounters> read = volumes.read(List.of(ref));
      List<VolumeCounters> again = volumes.read(List.of(ref));

      assertEquals(1, read.size());
      assertEquals(ref, read.get(0).volume());
      assertCoherent(read.get(0));
      assertEquals(read.get(0).device(), again.get(0).device(), "the cached mapping must not change");
    }
  }

  private static void assertCoherent(VolumeCounters c) {
    if (c.available()) {
      assertFalse(c.device().isBlank());
      assertTrue(c.ios() >= 0 && c.readBytes() >= 0 && c.writeBytes() >= 0 && c.busyNanos() >= 0);
      assertEquals(VolumeCounters.UNKNOWN, c.ioNanos());
    } else {
      assertEquals(VolumeCounters.unavailable(c.volume(), c.atNanos()), c);
    }
  }
}
