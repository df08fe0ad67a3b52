/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NetworkRecordTest {

  private static ClusterSpec spec(String... keyValues) {
    Properties p = new Properties();
    p.setProperty("datanodes", "2");
    p.setProperty("racks", "2");
    p.setProperty("capacities", "1g*2");
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return SpecParser.parse(p, "t");
  }

  @Test
  void processesWithLinks_recordsTheRatesAsShaped() {
    Map<String, Object> record = NetworkRecord.of(spec("net.rack.uplink", "40Mbit/s"), ClusterMode.PROCESSES);
    assertEquals(true, record.get("shaped"));
    assertEquals(List.of(5.0, 5.0), record.get("rack_uplinks_mb_s"));
    assertEquals(List.of(), record.get("node_links_mb_s"));
    assertTrue(((String) record.get("description")).contains("rack uplinks 5.00 MB/s"));
  }

  @Test
  void embeddedWithLinks_recordsThatTheyWereNotShaped() {
    Map<String, Object> record = NetworkRecord.of(spec("net.node.link", "1Gbit/s"), ClusterMode.EMBEDDED);
    assertEquals(false, record.get("shaped"));
    assertTrue(((String) record.get("description")).startsWith("not shaped"), (String) record.get("description"));
  }

  @Test
  void noLinks_recordsAnUnshapedSharedStack() {
    Map<String, Object> record = NetworkRecord.of(spec(), ClusterMode.PROCESSES);
    assertFalse((Boolean) record.get("shaped"));
    assertFalse(record.containsKey("rack_uplinks_mb_s"));
  }
}
