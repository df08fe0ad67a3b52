/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.pfimbi.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class FlowSettingsTest {

  private static final long GIB = 1L << 30;
  private final FlowSettings defaults = new FlowSettings(16, GIB, 8, 3, 10_000, 10_000);

  @Test
  void buffersAboveHalfTheHeap_areNamedWithTheKey() {
    Optional<String> warning = defaults.heapWarning(2, 3 * GIB);

    assertTrue(warning.isPresent());
    assertTrue(warning.get().contains("replicakit.pfimbi.buffer.bytes=" + GIB), warning.get());
    assertTrue(warning.get().contains(String.valueOf(2 * GIB)), warning.get());
  }

  @Test
  void buffersWithinHalfTheHeap_orNoHeapLimit_areQuiet() {
    assertEquals(Optional.empty(), defaults.heapWarning(2, 4 * GIB));
    assertEquals(Optional.empty(), defaults.heapWarning(4, Long.MAX_VALUE));
  }
}
