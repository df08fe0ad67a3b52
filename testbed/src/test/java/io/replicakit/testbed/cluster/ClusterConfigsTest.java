/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.TestbedConfig;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class ClusterConfigsTest {

  private final ClusterSpec paper = ClusterSpecs.load("paper");

  @Test
  void topologyTable_mapsEveryAddressToItsRack() {
    String table = ClusterConfigs.topologyTable(paper);
    assertTrue(table.startsWith("127.0.0.11 /r1\n"), table);
    assertTrue(table.contains("127.0.0.20 /r4\n"), table);
    assertTrue(table.contains("127.0.1.1 /r1\n"), "rack 1's client host: " + table);
    assertEquals(10 + 4, table.lines().count());
  }

  @Test
  void hostsFile_givesEveryNodeItsUpgradeDomain() {
    String json = ClusterConfigs.hostsJson(paper);
    assertTrue(json.contains("{\"hostName\": \"127.0.0.16\", \"upgradeDomain\": \"ud3\"}"), json);
  }

  @Test
  void overlay_bindsTheNodeToItsAddressAndDevices() {
    Configuration overlay = ClusterConfigs.dataNodeOverlay(paper, paper.dataNode("dn03"),
        ClusterOptions.in(Path.of("/tmp/x")));
    assertEquals("127.0.0.13:0", overlay.get("dfs.datanode.address"));
    assertEquals("127.0.0.13", overlay.get(TestbedConfig.BIND_ADDRESS_KEY));
    assertEquals("dn03", TestbedConfig.deviceSettings(overlay).nodeName());
    assertEquals(0, TestbedConfig.deviceSettings(overlay).pageCacheBytes());
  }

  @Test
  void overlay_carriesTheNodesPageCache() {
    ClusterSpec sixDisks = ClusterSpecs.load("six-disks");
    Configuration overlay = ClusterConfigs.dataNodeOverlay(sixDisks, sixDisks.dataNode("dn02"),
        ClusterOptions.in(Path.of("/tmp/x")));
    assertEquals(256L * 1024 * 1024, TestbedConfig.deviceSettings(overlay).pageCacheBytes());
  }
}
