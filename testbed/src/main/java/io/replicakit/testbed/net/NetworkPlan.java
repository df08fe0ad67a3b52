/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import io.replicakit.common.storage.Throughput;
import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.spec.Addressing;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.spec.NetworkSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The commands that build a spec's network inside the current (private) network namespace, and take it down:
 * a namespace per DataNode, a bridge per rack, a core bridge, a veth pair from each DataNode to its rack's bridge
 * and from each rack's bridge to the core. The driver's own namespace holds the bridges and, on the core bridge's
 * address, the NameNode and off-cluster clients. It also holds each rack's client host: an address on a veth of
 * its own into the rack's bridge, used for traffic from that address by a routing rule, so that a client in this
 * JVM (or any process of this namespace) bound to it writes and reads as a host of the rack would, through the
 * rack's switch and not the uplink. Pure: nothing runs here, so the plan is tested without {@code ip}.
 *
 * <p>Each shaped link gets a qdisc on the egress of both ends of its veth, one per direction: an HTB class whose
 * rate and ceiling are the link's rate, with a byte-limited FIFO below it. HTB rather than TBF because veth hands
 * the qdisc segmentation-offload packets of up to 64 KiB: TBF drops a packet larger than its bucket, so at low
 * rates it needs a bucket of several such packets and then overshoots over short windows, while HTB sends an
 * oversized packet and charges the debt to the following ones, holding the average at any rate (measured: 96-99 %
 * of 0.6, 5 and 50 MB/s for one TCP stream through an uplink). The FIFO is bounded in bytes (100 ms at the rate)
 * so that a node's heartbeats and RPCs wait behind its block transfers for a bounded time, not behind a queue of
 * a thousand offload packets; SFQ or fq_codel would share it per flow, but are kernel modules that a container
 * may lack, while HTB and bfifo are nearly always there.
 */
public final class NetworkPlan {

  /** Name of the core bridge, in the driver's namespace. */
  static final String CORE = "br-core";

  /** What a link connects. */
  public enum Kind { NODE, RACK_UPLINK, CLIENT }

  /**
   * A link and the device that measures it: {@code device} is in the driver's namespace; its transmitted bytes go
   * down (towards the node, or from the core into the rack), its received bytes come up.
   *
   * @param name the DataNode's name, {@code client-rN}, or the rack for an uplink
   * @param rate the shaped rate; ZERO when unshaped
   */
  public record Link(String name, Kind kind, String device, Throughput rate) {}

  /** A DataNode's host: a namespace of its own. */
  private record Host(String namespace, String address, int rackIndex, Throughput rate) {}

  /** First routing table of the rack client hosts' rules (rack R uses this + R). */
  static final int FIRST_TABLE = 100;

  private final ClusterSpec spec;
  private final List<String> racks;
  private final List<Host> hosts = new ArrayList<>();
  private final Map<String, String> namespaceByAddress = new LinkedHashMap<>();

  private NetworkPlan(ClusterSpec spec) {
    this.spec = spec;
    this.racks = spec.racks();
    NetworkSpec net = spec.network();
    for (int i = 0; i < spec.dataNodes().size(); i++) {
      DataNodeSpec dn = spec.dataNodes().get(i);
      hosts.add(new Host(dn.name(), dn.address(), racks.indexOf(dn.rack()), net.nodeLink(i)));
    }
    hosts.forEach(h -> namespaceByAddress.put(h.address(), h.namespace()));
  }

  /** The plan of {@code spec}, whose hosts must be addressed by {@link Addressing#NAMESPACES}. */
  public static NetworkPlan of(ClusterSpec spec) {
    if (spec.addressing() != Addressing.NAMESPACES) {
      throw new IllegalArgumentException("spec '" + spec.name() + "' is addressed by " + spec.addressing()
          + "; a namespace network needs " + Addressing.NAMESPACES);
    }
    return new NetworkPlan(spec);
  }

  /** The namespace a process serving on {@code address} runs in; empty for the driver's own (NameNode, clients). */
  public Optional<String> namespaceOf(String address) {
    return Optional.ofNullable(namespaceByAddress.get(address));
  }

  /**
   * The namespace {@code daemon}'s process runs in; empty for the driver's own. A DataNode's by its address; a
   * daemon on another address that names a DataNode (a NodeManager beside it) shares that node's namespace; the
   * rest (NameNode, ResourceManager, clients in a rack, which bind to the rack's client address, off-cluster
   * clients) run in the driver's namespace.
   */
  public Optional<String> namespaceOf(DaemonId daemon) {
    Optional<String> byAddress = namespaceOf(daemon.address());
    if (byAddress.isPresent() || daemon.rack().isEmpty()) {
      return byAddress;
    }
    return spec.dataNodes().stream().filter(dn -> dn.name().equals(daemon.name())).map(DataNodeSpec::name)
        .findFirst();
  }

  /** Every link, node links first, then rack uplinks, then client links. */
  public List<Link> links() {
    List<Link> links = new ArrayList<>();
    hosts.forEach(h -> links.add(new Link(h.namespace(), Kind.NODE, bridgeSide(h.namespace()), h.rate())));
    for (int r = 0; r < racks.size(); r++) {
      links.add(new Link(racks.get(r), Kind.RACK_UPLINK, coreSide(r), spec.network().rackUplink(r)));
    }
    for (int r = 0; r < racks.size(); r++) {
      links.add(new Link(clientName(r), Kind.CLIENT, bridgeSide(clientName(r)), spec.network().clientLink(r)));
    }
    return links;
  }

  /** The commands, in order, that build the network; each an argv for {@code ip} or {@code tc}. */
  public List<List<String>> setup() {
    List<List<String>> commands = new ArrayList<>();
    commands.add(List.of("ip", "link", "set", "lo", "up"));
    // Answer ARP only for an interface's own addresses (Linux answers for any of them on every interface), so that
    // the core's address is found past the uplink and a rack's client address on its own veth; rack client hosts
    // receive from addresses the main table routes elsewhere, which reverse-path filtering would drop.
    commands.add(List.of("sysctl", "-q", "-w", "net.ipv4.conf.all.arp_ignore=1", "net.ipv4.conf.all.rp_filter=0",
        "net.ipv4.conf.default.rp_filter=0"));
    commands.add(List.of("ip", "link", "add", CORE, "type", "bridge"));
    commands.add(List.of("ip", "addr", "add", cidr(spec.masterAddress()), "dev", CORE));
    commands.add(List.of("ip", "link", "set", CORE, "up"));
    for (int r = 0; r < racks.size(); r++) {
      rack(r, commands);
      rackClient(r, commands);
    }
    hosts.forEach(h -> host(h, commands));
    return commands;
  }

  /**
   * The commands that take the network down again, so that the next cluster of the same driver can build its
   * own; also run, failures ignored, before {@link #setup()}, to remove what a driver killed before it closed its
   * network left in the namespace. A host's veth pair is deleted by its end here before its namespace: deleting a
   * namespace only drops a reference, and the kernel destroys the namespace and the veth pair inside it later, so
   * a pair re-created at once can fail with "File exists" (measured: 40 of 200 immediate re-creations in a shell
   * loop); deleting one end of a pair deletes both before the command returns.
   */
  public List<List<String>> teardown() {
    List<List<String>> commands = new ArrayList<>();
    hosts.forEach(h -> {
      commands.add(List.of("ip", "link", "delete", bridgeSide(h.namespace())));
      commands.add(List.of("ip", "netns", "delete", h.namespace()));
    });
    for (int r = 0; r < racks.size(); r++) {
      commands.add(List.of("ip", "rule", "delete", "from", clientAddress(r), "lookup", table(r)));
      commands.add(List.of("ip", "link", "delete", clientSide(r)));
      commands.add(List.of("ip", "link", "delete", rackSide(r)));
      commands.add(List.of("ip", "link", "delete", bridge(r)));
    }
    commands.add(List.of("ip", "link", "delete", CORE));
    return commands;
  }

  private void rack(int r, List<List<String>> commands) {
    String bridge = bridge(r);
    commands.add(List.of("ip", "link", "add", bridge, "type", "bridge"));
    // A rack's bridge is a switch, not a host: without ARP it cannot answer for the core's address (Linux answers
    // for any of its addresses on any interface), which would deliver the rack's traffic to the NameNode and
    // off-cluster clients straight from the rack's bridge, past the uplink.
    commands.add(List.of("ip", "link", "set", bridge, "arp", "off", "up"));
    commands.add(List.of("ip", "link", "add", rackSide(r), "type", "veth", "peer", "name", coreSide(r)));
    commands.add(List.of("ip", "link", "set", rackSide(r), "master", bridge, "up"));
    commands.add(List.of("ip", "link", "set", coreSide(r), "master", CORE, "up"));
    Throughput rate = spec.network().rackUplink(r);
    shape(Optional.empty(), rackSide(r), rate, commands);
    shape(Optional.empty(), coreSide(r), rate, commands);
  }

  /**
   * Rack {@code r}'s client host, in this namespace: its address alone on a veth into the rack's bridge, and a rule
   * that routes whatever is sent from that address through it.
   */
  private void rackClient(int r, List<List<String>> commands) {
    String own = clientSide(r);
    String bridged = bridgeSide(clientName(r));
    commands.add(List.of("ip", "link", "add", own, "type", "veth", "peer", "name", bridged));
    commands.add(List.of("ip", "link", "set", bridged, "master", bridge(r), "up"));
    commands.add(List.of("ip", "addr", "add", clientAddress(r) + "/32", "dev", own));
    commands.add(List.of("ip", "link", "set", own, "up"));
    commands.add(List.of("ip", "rule", "add", "from", clientAddress(r), "lookup", table(r)));
    commands.add(List.of("ip", "route", "add", Addressing.NAMESPACE_PREFIX + ".0.0/"
        + Addressing.NAMESPACE_PREFIX_LENGTH, "dev", own, "src", clientAddress(r), "table", table(r)));
    shape(Optional.empty(), own, spec.network().clientLink(r), commands);
    shape(Optional.empty(), bridged, spec.network().clientLink(r), commands);
  }

  private void host(Host h, List<List<String>> commands) {
    String ns = h.namespace();
    String inside = "n-" + ns;
    commands.add(List.of("ip", "netns", "add", ns));
    commands.add(List.of("ip", "link", "add", inside, "type", "veth", "peer", "name", bridgeSide(ns)));
    commands.add(List.of("ip", "link", "set", inside, "netns", ns));
    commands.add(List.of("ip", "link", "set", bridgeSide(ns), "master", bridge(h.rackIndex()), "up"));
    commands.add(List.of("ip", "-n", ns, "link", "set", "lo", "up"));
    commands.add(List.of("ip", "-n", ns, "addr", "add", cidr(h.address()), "dev", inside));
    commands.add(List.of("ip", "-n", ns, "link", "set", inside, "up"));
    shape(Optional.empty(), bridgeSide(ns), h.rate(), commands);
    shape(Optional.of(ns), inside, h.rate(), commands);
  }

  /** HTB at {@code rate} with a bounded FIFO below, on the egress of {@code device}; nothing when unshaped. */
  private static void shape(Optional<String> ns, String device, Throughput rate, List<List<String>> commands) {
    if (rate.bytesPerSec() == 0) {
      return;
    }
    String bits = Math.round(rate.bytesPerSec() * 8) + "bit";
    String burst = burstBytes(rate) + "b";
    commands.add(tc(ns, "qdisc", "add", "dev", device, "root", "handle", "1:", "htb", "default", "1"));
    // One class, so the quantum (how HTB shares among classes) only has to be set to keep tc from warning.
    commands.add(tc(ns, "class", "add", "dev", device, "parent", "1:", "classid", "1:1", "htb", "rate", bits,
        "ceil", bits, "burst", burst, "cburst", burst, "quantum", "65536"));
    commands.add(tc(ns, "qdisc", "add", "dev", device, "parent", "1:1", "handle", "10:", "bfifo", "limit",
        Long.toString(queueBytes(rate))));
  }

  /**
   * Bytes HTB may send at once: 5 ms at the link's rate, at least two offload-sized packets (128 KiB), so that
   * a fast link is not held below its rate by the timer's granularity and a slow one bursts little.
   */
  static long burstBytes(Throughput rate) {
    return Math.max(128 * 1024, Math.round(rate.bytesPerSec() * 0.005));
  }

  /** Bytes the link's queue holds: 100 ms at its rate, at least four offload-sized packets (256 KiB). */
  static long queueBytes(Throughput rate) {
    return Math.max(256 * 1024, Math.round(rate.bytesPerSec() * 0.1));
  }

  private static List<String> tc(Optional<String> ns, String... args) {
    List<String> argv = new ArrayList<>(List.of("tc"));
    ns.ifPresent(name -> argv.addAll(List.of("-n", name)));
    argv.addAll(List.of(args));
    return argv;
  }

  private static String cidr(String address) {
    return address + "/" + Addressing.NAMESPACE_PREFIX_LENGTH;
  }

  /** The name of rack {@code rackIndex}'s client host (its link's name). */
  private static String clientName(int rackIndex) {
    return "client-r" + (rackIndex + 1);
  }

  private String clientAddress(int rackIndex) {
    return spec.rackClientAddress(racks.get(rackIndex));
  }

  /** The client host's own end of its veth, holding its address. */
  private static String clientSide(int rackIndex) {
    return "c-r" + (rackIndex + 1);
  }

  private static String table(int rackIndex) {
    return Integer.toString(FIRST_TABLE + rackIndex + 1);
  }

  private static String bridge(int rackIndex) {
    return "br-r" + (rackIndex + 1);
  }

  /** The uplink's end in the rack's bridge: what it sends goes up to the core. */
  private static String rackSide(int rackIndex) {
    return "up-r" + (rackIndex + 1);
  }

  /** The uplink's end in the core bridge: what it sends goes down into the rack. */
  private static String coreSide(int rackIndex) {
    return "down-r" + (rackIndex + 1);
  }

  /** A host's veth end in its rack's bridge: what it sends goes to the host. */
  private static String bridgeSide(String host) {
    return "b-" + host;
  }
}
