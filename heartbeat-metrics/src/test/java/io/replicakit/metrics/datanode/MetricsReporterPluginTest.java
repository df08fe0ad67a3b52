/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.datanode;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class MetricsReporterPluginTest {

  /** A fixed server host quietly leaves all NameNodes but one without samples under HA: said at start-up. */
  @Test
  void fixedServerHost_withSeveralNameNodes_isWarnedAbout_namingTheKey() {
    Optional<String> warning = MetricsReporterPlugin.fixedHostWithSeveralNameNodes("nn1.example.com", 2);
    assertTrue(warning.isPresent());
    assertTrue(warning.get().contains("replicakit.metrics.server.address"), warning.get());
    assertTrue(MetricsReporterPlugin.fixedHostWithSeveralNameNodes("nn1.example.com", 1).isEmpty());
  }
}
