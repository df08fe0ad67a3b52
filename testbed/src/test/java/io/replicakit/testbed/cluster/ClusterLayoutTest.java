/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.SpecParser;
import java.net.URI;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ClusterLayoutTest {

  private static String layoutWithNetwork(String mibps) {
    Properties props = ClusterSpecs.properties("small");
    props.setProperty(SpecParser.NETWORK_MIBPS, mibps);
    ClusterSpec spec = SpecParser.parse(props, "small");
    return ClusterLayout.describe(spec, URI.create("hdfs://127.0.0.1:8020"), ClusterOptions.in(Path.of("/tmp/x")),
        ClusterMode.EMBEDDED);
  }

  @Test
  void networkLimitBelowOneMibPerSecond_isPrintedAsItIs_notAsZero() {
    String layout = layoutWithNetwork("0.5,1.25,100,0.5,0.5");
    assertTrue(layout.contains(" 0.5MiB/s "), layout);
    assertTrue(layout.contains(" 1.25MiB/s "), layout);
    assertTrue(layout.contains(" 100MiB/s "), layout);
  }
}
