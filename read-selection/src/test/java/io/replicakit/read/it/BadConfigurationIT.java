/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.it;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.read.config.ReadSelectionConfig;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad read-selection settings stop a real NameNode from starting, with a message naming the key. */
class BadConfigurationIT {

  @TempDir
  Path dir;

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource({
      "replicakit.read.policy, fastest",
      "replicakit.read.wrr.weight, 0",
      "replicakit.read.wrr.weight, -2",
      "replicakit.read.drr.threshold.pct.ssd, 101",
      "replicakit.read.drr.threshold.pct.disk, -1"})
  void badValue_failsNameNodeStartup_namingTheKey(String key, String value) {
    ClusterSpec spec = ClusterSpecs.load("small");
    Exception e = assertThrows(Exception.class, () -> EmbeddedCluster.start(spec,
        ReadClusters.withPolicy(dir, spec, "wrr").with(key, value)).close());
    String messages = chain(e);
    assertTrue(messages.contains(key), messages);
    assertTrue(messages.contains(ReadSelectionConfig.PREFIX), messages);
  }

  private static String chain(Throwable t) {
    StringBuilder b = new StringBuilder();
    for (Throwable c = t; c != null; c = c.getCause()) {
      b.append(c).append(" | ");
    }
    return b.toString();
  }
}
