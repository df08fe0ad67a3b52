/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.common;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.junit.jupiter.api.Test;

class MetricsRegistrationTest {

  @Test
  void twoSourcesOfOneName_getTwoNames_andEachUnregistersItself() {
    DefaultMetricsSystem.setMiniClusterMode(true);
    MetricsSystem ms = DefaultMetricsSystem.initialize("RegistrationTest");
    try {
      MetricsSource a = (collector, all) -> collector.addRecord("A");
      MetricsSource b = (collector, all) -> collector.addRecord("B");
      String first = MetricsRegistration.register("ReplicaKitTestSource", "test", a);
      String second = MetricsRegistration.register("ReplicaKitTestSource", "test", b);

      assertNotEquals(first, second);
      assertSame(a, ms.getSource(first));
      assertSame(b, ms.getSource(second));
      ms.unregisterSource(first);
      ms.unregisterSource(second);
      assertNull(ms.getSource(first));
      assertNull(ms.getSource(second));
    } finally {
      DefaultMetricsSystem.shutdown();
    }
  }
}
