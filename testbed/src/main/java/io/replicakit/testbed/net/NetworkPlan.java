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
 * a namespace per DataNode and per rack's client host, a bridge per rack, a core bridge, a veth pair from each
 * host to its rack's bridge and from each rack's bridge to the core. The driver's own namespace holds the bridges
 * and, on the core bridge's address, the NameNode and off-cluster clients. Pure: nothing runs here, so the plan is
 * tested without {@code ip}.
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

  /** A host with a namespace of its own: a DataNode or a rack's client host. */
  private record Host(String namespace, String address, int rackIndex, Throughput rate) {}

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
    for (int r = 0; r < racks.size(); r++) {
      hosts.add(new Host(clientNamespace(r), spec.rackClientAddress(racks.get(r)), r, net.clientLink(r)));
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
   * The namespace {@code daemon}'s process runs in; empty for the driver's own. By its address first (a DataNode,
   * a rack's client host); a daemon on another address that names a DataNode (a NodeManager beside it) shares
   * that node's namespace; another daemon with a rack (a client in the rack) runs on the rack's client host; the
   * rest (NameNode, ResourceManager, off-cluster clients) in the driver's namespace, on the core.
   */
  public Optional<String> namespaceOf(DaemonId daemon) {
    Optional<String> byAddress = namespaceOf(daemon.address());
    if (byAddress.isPresent() || daemon.rack().isEmpty()) {
      return byAddress;
    }
    boolean dataNode = spec.dataNodes().stream().anyMatch(dn -> dn.name().equals(daemon.name()));
    return Optional.of(dataNode ? daemon.name() : clientNamespace(racks.indexOf(daemon.rack())));
  }

  /** Every link, node links first, then rack uplinks, then client links. */
  public List<Link> links() {
    List<Link> links = new ArrayList<>();
    hosts.stream().filter(h -> !h.namespace().startsWith("client-"))
        .forEach(h -> links.add(new Link(h.namespace(), Kind.NODE, bridgeSide(h), h.rate())));
    for (int r = 0; r < racks.size(); r++) {
      links.add(new Link(racks.get(r), Kind.RACK_UPLINK, coreSide(r), spec.network().rackUplink(r)));
    }
    hosts.stream().filter(h -> h.namespace().startsWith("client-"))
        .forEach(h -> links.add(new Link(h.namespace(), Kind.CLIENT, bridgeSide(h), h.rate())));
    return links;
  }

  /** The commands, in order, that build the network; each an argv for {@code ip} or {@code tc}. */
  public List<List<String>> setup() {
    List<List<String>> commands = new ArrayList<>();
    commands.add(List.of("ip", "link", "set", "lo", "up"));
    commands.add(List.of("ip", "link", "add", CORE, "type", "bridge"));
    commands.add(List.of("ip", "addr", "add", cidr(spec.masterAddress()), "dev", CORE));
    commands.add(List.of("ip", "link", "set", CORE, "up"));
    for (int r = 0; r < racks.size(); r++) {
      rack(r, commands);
    }
    hosts.forEach(h -> host(h, commands));
    return commands;
  }

  /**
   * The commands that take the network down again, so that the next cluster of the same driver can build its
   * own: deleting a namespace deletes its end of a veth pair, and with it the other end.
   */
  public List<List<String>> teardown() {
    List<List<String>> commands = new ArrayList<>();
    hosts.forEach(h -> commands.add(List.of("ip", "netns", "delete", h.namespace())));
    for (int r = 0; r < racks.size(); r++) {
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

  private void host(Host h, List<List<String>> commands) {
    String ns = h.namespace();
    String inside = "n-" + ns;
    commands.add(List.of("ip", "netns", "add", ns));
    commands.add(List.of("ip", "link", "add", inside, "type", "veth", "peer", "name", bridgeSide(h)));
    commands.add(List.of("ip", "link", "set", inside, "netns", ns));
    commands.add(List.of("ip", "link", "set", bridgeSide(h), "master", bridge(h.rackIndex()), "up"));
    commands.add(List.of("ip", "-n", ns, "link", "set", "lo", "up"));
    commands.add(List.of("ip", "-n", ns, "addr", "add", cidr(h.address()), "dev", inside));
    commands.add(List.of("ip", "-n", ns, "link", "set", inside, "up"));
    shape(Optional.empty(), bridgeSide(h), h.rate(), commands);
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

  private static String clientNamespace(int rackIndex) {
    return "client-r" + (rackIndex + 1);
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

  /** The host's veth end in its rack's bridge: what it sends goes to the host. */
  private static String bridgeSide(Host h) {
    return "b-" + h.namespace();
  }
}
