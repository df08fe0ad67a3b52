/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProcessClusterTest {

  private static final URI URI_INSIDE = URI.create("hdfs://10.241.0.1:41000");

  @Test
  void privateNetworkHint_insideAPrivateNamespace_tellsHowToRunAClientInIt() {
    String hint = ProcessCluster.privateNetworkHint(Map.of("REPLICAKIT_NETNS", "1"), 4242, URI_INSIDE);
    assertTrue(hint.contains("pid 4242"), hint);
    assertTrue(hint.contains("nsenter --target 4242 --user --net --preserve-credentials hdfs dfs -fs "
        + "hdfs://10.241.0.1:41000 -ls /"), hint);
  }

  @Test
  void privateNetworkHint_onTheMachinesNetwork_isEmpty() {
    assertEquals("", ProcessCluster.privateNetworkHint(Map.of(), 4242, URI.create("hdfs://127.0.0.1:41000")));
    assertEquals("", ProcessCluster.privateNetworkHint(Map.of("REPLICAKIT_NETNS", "off"), 4242,
        URI.create("hdfs://127.0.0.1:41000")));
  }
}
