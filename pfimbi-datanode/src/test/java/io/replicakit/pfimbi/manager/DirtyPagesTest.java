/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.manager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.pfimbi.activity.DiskCounters;
import java.util.List;
import org.junit.jupiter.api.Test;

class DirtyPagesTest {

  /** The head of a real Linux 6.x /proc/meminfo. */
  private static final List<String> MEMINFO = List.of(
      "MemTotal:       16318712 kB",
      "MemFree:         6421204 kB",
      "MemAvailable:   12877908 kB",
      "Buffers:          412812 kB",
      "Cached:          6120448 kB",
      "SwapCached:            0 kB",
      "Active:          4532320 kB",
      "Inactive:        4236704 kB",
      "Dirty:              1240 kB",
      "Writeback:             0 kB",
      "AnonPages:       2244144 kB",
      "WritebackTmp:          0 kB");

  @Test
  void dirtyLine_isReadInKilobytes_andReturnedInBytes() {
    assertEquals(1240L * 1024, DirtyPages.parse(MEMINFO));
  }

  @Test
  void backgroundThreshold_isTheRatioOfFreePlusFilePages_unlessBytesAreSet() {
    List<String> meminfo = List.of("MemFree:  1000000 kB", "Active(file):  600000 kB",
        "Inactive(file):  400000 kB", "Dirty:  10 kB");
    assertEquals(2_000_000L * 1024 / 100 * 10, DirtyPages.backgroundBytes("0\n", "10\n", meminfo));
    assertEquals(123_456_789L, DirtyPages.backgroundBytes("123456789", "10", meminfo));
    assertEquals(DiskCounters.UNKNOWN, DirtyPages.backgroundBytes("0", "10", List.of("MemFree:  1 kB")));
  }

  @Test
  void zeroDirty_isZero_notUnknown() {
    assertEquals(0, DirtyPages.parse(List.of("MemTotal:  100 kB", "Dirty:                 0 kB")));
  }

  @Test
  void largeDirty_doesNotOverflow() {
    assertEquals(64L * 1024 * 1024 * 1024 * 1024,
        DirtyPages.parse(List.of("Dirty:        68719476736 kB")));
  }

  @Test
  void missingDirtyLine_isUnknown() {
    List<String> withoutDirty = MEMINFO.stream().filter(l -> !l.startsWith("Dirty:")).toList();

    assertEquals(DiskCounters.UNKNOWN, DirtyPages.parse(withoutDirty));
    assertEquals(DiskCounters.UNKNOWN, DirtyPages.parse(List.of()));
  }

  @Test
  void linesThatMerelyContainDirty_areNotTheDirtyLine() {
    assertEquals(DiskCounters.UNKNOWN, DirtyPages.parse(List.of("NotDirty:   5 kB", "Writeback:  0 kB")));
  }

  @Test
  void onThisHost_isEitherAByteCountOrUnknown_neverAnException() {
    DirtyData.Sample sample = new DirtyPages().sample();

    long dirty = sample.dirtyBytes();
    long background = sample.backgroundBytes();
    assertTrue(dirty >= 0 || dirty == DiskCounters.UNKNOWN, Long.toString(dirty));
    assertTrue(background >= 0 || background == DiskCounters.UNKNOWN, Long.toString(background));
  }
}
