/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.storage.Throughput;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NetworkFieldsTest {

  private static Properties props(String... keyValues) {
    Properties p = new Properties();
    p.setProperty("datanodes", "4");
    p.setProperty("racks", "2");
    p.setProperty("capacities", "1g*4");
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  @Test
  void noNetworkFields_leaveTheSpecUnshapedOnLoopback() {
    ClusterSpec spec = SpecParser.parse(props(), "t");
    assertFalse(spec.network().enabled());
    assertEquals(Addressing.LOOPBACK, spec.addressing());
    assertEquals("127.0.0.11", spec.dataNodes().get(0).address());
  }

  @Test
  void ratesInBitsAndBytes_becomeBytesPerSecond() {
    ClusterSpec spec = SpecParser.parse(props("net.node.link", "1Gbit/s", "net.rack.uplink", "12.5MB/s,100mbit/s",
        "net.client.link", "2MiB/s"), "t");
    NetworkSpec net = spec.network();
    assertTrue(net.enabled());
    assertEquals(List.of(1.25e8, 1.25e8, 1.25e8, 1.25e8),
        net.nodeLinks().stream().map(Throughput::bytesPerSec).toList());
    assertEquals(1.25e7, net.rackUplink(0).bytesPerSec(), 1e-6);
    assertEquals(1.25e7, net.rackUplink(1).bytesPerSec(), 1e-6);
    assertEquals(2 * 1048576.0, net.clientLink(1).bytesPerSec(), 1e-6);
  }

  @Test
  void onlyAnUplink_leavesNodeAndClientLinksUnshaped() {
    NetworkSpec net = SpecParser.parse(props("net.rack.uplink", "10MB/s"), "t").network();
    assertEquals(Throughput.ZERO, net.nodeLink(3));
    assertEquals(Throughput.ZERO, net.clientLink(0));
    assertEquals("node links unshaped, rack uplinks 10.00 MB/s, client links unshaped", net.describe());
  }

  @Test
  void zeroEntry_leavesThatLinkUnshaped() {
    NetworkSpec net = SpecParser.parse(props("net.node.link", "0,8MB/s*3"), "t").network();
    assertEquals(Throughput.ZERO, net.nodeLink(0));
    assertEquals(8e6, net.nodeLink(1).bytesPerSec(), 1e-6);
  }

  @Test
  void rateWithoutUnitOrWrongCount_isRejectedNamingTheField() {
    SpecParser.Reading reading = SpecParser.read(props("net.node.link", "100", "net.rack.uplink", "1MB/s*3"), "t");
    assertFalse(reading.status().isValid());
    String problems = String.join("\n", reading.status().problems());
    assertTrue(problems.contains("net.node.link entries must be 0 (unshaped) or a rate > 0 with a unit"), problems);
    assertTrue(problems.contains("net.rack.uplink has 3 entries; expected 1 or 2 (one per rack)"), problems);
  }

  @Test
  void badRate_isOneProblem_notOnePerNodeItStandsFor() {
    List<String> problems = SpecParser.read(props("net.node.link", "fast", "net.client.link", "1MB/s*x"), "t")
        .status().problems();
    assertEquals(2, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("net.node.link entries must be 0 (unshaped) or a rate > 0"), problems.get(0));
    assertTrue(problems.get(1).startsWith("net.client.link: bad repetition '1MB/s*x'"), problems.get(1));
  }

  @Test
  void addressedByNamespaces_movesNodesAndClientsIntoTheSubnetByRack() {
    ClusterSpec spec = SpecParser.parse(props("net.node.link", "1Gbit/s"), "t").addressedBy(Addressing.NAMESPACES);
    assertEquals(List.of("10.241.1.11", "10.241.1.12", "10.241.2.13", "10.241.2.14"),
        spec.dataNodes().stream().map(DataNodeSpec::address).toList());
    assertEquals("10.241.2.1", spec.rackClientAddress("/r2"));
    assertEquals("10.241.0.1", spec.masterAddress());
    assertEquals(Addressing.NAMESPACES, spec.addressing());
  }

  @Test
  void scaledUplinks_changeOnlyTheShapedUplinks() {
    ClusterSpec spec = SpecParser.parse(props("net.node.link", "100MB/s", "net.rack.uplink", "10MB/s,0"), "t");
    NetworkSpec scaled = spec.network().withRackUplinksScaled(0.4);
    assertEquals(4_000_000, scaled.rackUplink(0).bytesPerSec(), 1e-6);
    assertEquals(0, scaled.rackUplink(1).bytesPerSec());
    assertEquals(spec.network().nodeLinks(), scaled.nodeLinks());
    assertEquals(spec.network().clientLinks(), scaled.clientLinks());
    assertEquals(scaled, spec.withNetwork(scaled).network());
    assertEquals(spec.dataNodes(), spec.withNetwork(scaled).dataNodes());
  }

  @Test
  void uplinkScale_mustBePositive() {
    NetworkSpec net = SpecParser.parse(props("net.rack.uplink", "10MB/s"), "t").network();
    assertThrows(IllegalArgumentException.class, () -> net.withRackUplinksScaled(0));
    assertThrows(IllegalArgumentException.class,
        () -> net.withRackUplinksScaled(Double.NaN));
  }
}
