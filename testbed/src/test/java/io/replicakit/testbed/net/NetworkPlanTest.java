/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.spec.Addressing;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NetworkPlanTest {

  /** Three DataNodes in two racks: dn01, dn02 in /r1, dn03 in /r2; node links 10 MB/s, uplinks 5 MB/s. */
  private static ClusterSpec spec(String nodeLink) {
    Properties p = new Properties();
    p.setProperty("name", "net");
    p.setProperty("datanodes", "3");
    p.setProperty("racks", "2");
    p.setProperty("capacities", "1g*3");
    p.setProperty("net.node.link", nodeLink);
    p.setProperty("net.rack.uplink", "5MB/s");
    return SpecParser.parse(p, "net").addressedBy(Addressing.NAMESPACES);
  }

  private static NetworkPlan plan() {
    return NetworkPlan.of(spec("10MB/s"));
  }

  @Test
  void eachHost_getsANamespaceWithItsAddressOnAVethToItsRacksBridge() {
    List<List<String>> setup = plan().setup();
    assertTrue(setup.contains(List.of("ip", "netns", "add", "dn03")));
    assertTrue(setup.contains(List.of("ip", "-n", "dn03", "addr", "add", "10.241.2.13/16", "dev", "n-dn03")));
    assertTrue(setup.contains(List.of("ip", "link", "set", "b-dn03", "master", "br-r2", "up")));
    assertTrue(setup.contains(List.of("ip", "addr", "add", "10.241.0.1/16", "dev", "br-core")));
  }

  @Test
  void rackClientHost_isAnAddressOfTheDriversNamespaceOnAVethIntoItsRack_usedForWhatItSends() {
    List<List<String>> setup = plan().setup();
    assertTrue(setup.contains(List.of("ip", "link", "add", "c-r1", "type", "veth", "peer", "name", "b-client-r1")));
    assertTrue(setup.contains(List.of("ip", "link", "set", "b-client-r1", "master", "br-r1", "up")));
    assertTrue(setup.contains(List.of("ip", "addr", "add", "10.241.1.1/32", "dev", "c-r1")));
    assertTrue(setup.contains(List.of("ip", "rule", "add", "from", "10.241.2.1", "lookup", "102")));
    assertTrue(setup.contains(List.of("ip", "route", "add", "10.241.0.0/16", "dev", "c-r2", "src", "10.241.2.1",
        "table", "102")));
    assertTrue(setup.stream().noneMatch(c -> c.contains("netns") && c.contains("client-r1")));
    assertTrue(setup.get(1).contains("net.ipv4.conf.all.arp_ignore=1"),
        "only an interface's own addresses are answered for, or the rack client's veth answers for the core");
  }

  @Test
  void eachRack_hangsOffTheCoreThroughAVethPair() {
    List<List<String>> setup = plan().setup();
    assertTrue(setup.contains(List.of("ip", "link", "add", "up-r2", "type", "veth", "peer", "name", "down-r2")));
    assertTrue(setup.contains(List.of("ip", "link", "set", "up-r2", "master", "br-r2", "up")));
    assertTrue(setup.contains(List.of("ip", "link", "set", "down-r2", "master", "br-core", "up")));
    assertTrue(setup.contains(List.of("ip", "link", "set", "br-r2", "arp", "off", "up")),
        "a rack's bridge must not answer ARP for the core's address, or traffic to it bypasses the uplink");
  }

  @Test
  void shapedLink_getsHtbAtItsRateOnBothEnds() {
    List<List<String>> setup = plan().setup();
    List<String> htb = List.of("htb", "rate", "80000000bit", "ceil", "80000000bit", "burst", "131072b", "cburst",
        "131072b", "quantum", "65536");
    assertTrue(setup.stream().anyMatch(c -> starts(c, List.of("tc", "class", "add", "dev", "b-dn01"))
        && c.subList(c.size() - htb.size(), c.size()).equals(htb)), "bridge end of dn01's link");
    assertTrue(setup.stream().anyMatch(c -> starts(c, List.of("tc", "-n", "dn01", "class", "add", "dev", "n-dn01"))
        && c.contains("80000000bit")), "node end of dn01's link, in its namespace");
    assertTrue(setup.stream().anyMatch(c -> c.contains("up-r1") && c.contains("40000000bit")), "uplink upwards");
    assertTrue(setup.stream().anyMatch(c -> c.contains("down-r1") && c.contains("40000000bit")), "uplink down");
    assertTrue(setup.stream().anyMatch(c -> c.contains("bfifo") && c.contains("down-r1")));
  }

  private static boolean starts(List<String> command, List<String> prefix) {
    return command.size() >= prefix.size() && command.subList(0, prefix.size()).equals(prefix);
  }

  @Test
  void unshapedLink_getsNoQdisc() {
    NetworkPlan plan = NetworkPlan.of(spec("0"));
    assertTrue(plan.setup().stream().noneMatch(c -> c.get(0).equals("tc") && c.contains("b-dn01")));
    assertTrue(plan.setup().stream().noneMatch(c -> c.get(0).equals("tc") && c.contains("b-client-r1")));
    assertTrue(plan.setup().stream().anyMatch(c -> c.get(0).equals("tc") && c.contains("up-r1")));
  }

  @Test
  void burst_isFiveMillisecondsAtTheRateButNeverBelowTwoOffloadPackets() {
    assertEquals(131072, NetworkPlan.burstBytes(io.replicakit.common.storage.Throughput.mbPerSec(1)));
    assertEquals(500_000, NetworkPlan.burstBytes(io.replicakit.common.storage.Throughput.mbPerSec(100)));
  }

  @Test
  void queue_holdsAHundredMillisecondsAtTheRate() {
    assertEquals(262144, NetworkPlan.queueBytes(io.replicakit.common.storage.Throughput.mbPerSec(1)));
    assertEquals(5_000_000, NetworkPlan.queueBytes(io.replicakit.common.storage.Throughput.mbPerSec(50)));
  }

  @Test
  void daemons_runInTheirHostsNamespace() {
    NetworkPlan plan = plan();
    assertEquals(Optional.of("dn02"), plan.namespaceOf(DaemonId.dataNode("dn02", "10.241.1.12", "/r1")));
    assertEquals(Optional.empty(), plan.namespaceOf(DaemonId.nameNode("10.241.0.1")));
    // A NodeManager beside dn03, keyed by its node's name; a client in /r2; an off-cluster client.
    assertEquals(Optional.of("dn03"), plan.namespaceOf(new DaemonId(DaemonId.Role.DATANODE, "dn03", "x", "/r2")));
    assertEquals(Optional.empty(), plan.namespaceOf(new DaemonId(DaemonId.Role.DATANODE, "dfsio", "10.241.2.1",
        "/r2")));
    assertEquals(Optional.empty(), plan.namespaceOf("10.241.1.1"));
    assertEquals(Optional.empty(), plan.namespaceOf(new DaemonId(DaemonId.Role.NAMENODE, "client", "10.241.0.1",
        "")));
  }

  @Test
  void links_areMeasuredOnTheirEndInTheDriversNamespace() {
    List<String> devices = plan().links().stream().map(NetworkPlan.Link::device).toList();
    assertEquals(List.of("b-dn01", "b-dn02", "b-dn03", "down-r1", "down-r2", "b-client-r1", "b-client-r2"), devices);
  }

  @Test
  void teardown_deletesEveryNamespaceAndBridge() {
    List<List<String>> teardown = plan().teardown();
    assertTrue(teardown.contains(List.of("ip", "netns", "delete", "dn02")));
    assertTrue(teardown.contains(List.of("ip", "rule", "delete", "from", "10.241.2.1", "lookup", "102")));
    assertTrue(teardown.contains(List.of("ip", "link", "delete", "br-r1")));
    assertEquals(List.of("ip", "link", "delete", "br-core"), teardown.get(teardown.size() - 1));
  }

  @Test
  void teardown_deletesEachHostsVethBeforeItsNamespace_soTheNextSetupCanAddItAtOnce() {
    List<List<String>> teardown = plan().teardown();
    for (String host : List.of("dn01", "dn02")) {
      int veth = teardown.indexOf(List.of("ip", "link", "delete", "b-" + host));
      int namespace = teardown.indexOf(List.of("ip", "netns", "delete", host));
      assertTrue(veth >= 0 && veth < namespace, host + ": " + teardown);
    }
  }

  @Test
  void loopbackSpec_isRefused() {
    Properties p = new Properties();
    p.setProperty("datanodes", "1");
    p.setProperty("capacities", "1g");
    assertThrows(IllegalArgumentException.class, () -> NetworkPlan.of(SpecParser.parse(p, "lo")));
  }

  @Test
  void shapedSpecOutsideANamespace_failsNamingWhatIsMissing() {
    IOException e = assertThrows(IOException.class, () -> NamespaceNetwork.requireOwnNamespace(spec("10MB/s"),
        Map.of(NamespaceNetwork.WHY_NOT_ENV, "'unshare -rnm' failed: Operation not permitted"), () -> "0 1000 1"));
    assertTrue(e.getMessage().contains("needs this JVM inside a private network namespace"), e.getMessage());
    assertTrue(e.getMessage().contains("Operation not permitted"), e.getMessage());
    assertTrue(e.getMessage().contains("not started unshaped"), e.getMessage());
  }

  @Test
  void linkUsage_isTheBusierDirectionAgainstTheRate() {
    NetworkPlan.Link link = plan().links().get(3);
    LinkCounters before = new LinkCounters(link, 100, 0);
    LinkCounters after = new LinkCounters(link, 100 + 10_000_000, 2_000_000);
    Map<String, Object> usage = after.since(before, 4.0);
    assertEquals(10_000_000L, usage.get("down_bytes"));
    assertEquals(0.5, (Double) usage.get("utilization"), 1e-9);
    assertEquals("rack_uplink", usage.get("kind"));
  }
}
