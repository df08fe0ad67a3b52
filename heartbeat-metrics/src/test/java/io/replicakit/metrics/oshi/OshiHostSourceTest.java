/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.oshi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.common.sysstate.HostCounters;
import java.util.List;
import oshi.hardware.CentralProcessor.TickType;
import org.junit.jupiter.api.Test;

class OshiHostSourceTest {

  /** Fixed ticks and memory. */
  private record FakeSystem(long[] ticks, long total, long available) implements OshiSystem {

    @Override
    public long[] cpuTicks() {
      return ticks.clone();
    }

    @Override
    public long memoryTotal() {
      return total;
    }

    @Override
    public long memoryAvailable() {
      return available;
    }

    @Override
    public List<DiskInfo> disks() {
      throw new UnsupportedOperationException("a host source must not read disks");
    }

    @Override
    public List<MountInfo> fileStores() {
      throw new UnsupportedOperationException("a host source must not read file stores");
    }
  }

  /** Ticks of each type: USER 1000, NICE 200, SYSTEM 300, IDLE 5000, IOWAIT 700, IRQ 40, SOFTIRQ 60, STEAL 100. */
  private static long[] ticks() {
    long[] t = new long[TickType.values().length];
    t[TickType.USER.getIndex()] = 1_000;
    t[TickType.NICE.getIndex()] = 200;
    t[TickType.SYSTEM.getIndex()] = 300;
    t[TickType.IDLE.getIndex()] = 5_000;
    t[TickType.IOWAIT.getIndex()] = 700;
    t[TickType.IRQ.getIndex()] = 40;
    t[TickType.SOFTIRQ.getIndex()] = 60;
    t[TickType.STEAL.getIndex()] = 100;
    return t;
  }

  private static HostCounters read() {
    return new OshiHostSource(new FakeSystem(ticks(), 64L << 30, 40L << 30), () -> 123L).read();
  }

  @Test
  void tickIndices_matchOshisTickTypes() {
    assertEquals(TickType.IDLE.getIndex(), OshiSystem.IDLE_TICKS);
    assertEquals(TickType.IOWAIT.getIndex(), OshiSystem.IOWAIT_TICKS);
  }

  @Test
  void idle_includesIoWait() {
    assertEquals(5_700, read().cpuIdleTicks());
  }

  @Test
  void total_sumsEveryTickTypeIncludingSteal() {
    assertEquals(7_400, read().cpuTotalTicks());
  }

  @Test
  void memoryAndClock_arePassedThrough() {
    HostCounters c = read();

    assertEquals(64L << 30, c.memoryTotalBytes());
    assertEquals(40L << 30, c.memoryAvailableBytes());
    assertEquals(123L, c.atNanos());
  }
}
