/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.spec;

import io.replicakit.common.storage.Throughput;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The wire between a cluster's hosts (spec fields {@code net.node.link}, {@code net.rack.uplink},
 * {@code net.client.link}): the rate of each DataNode's link to its rack switch, of each rack's uplink to the core,
 * and of each rack's client host link. A rate of {@link Throughput#ZERO} leaves that link unshaped. A spec without
 * any of these fields has {@link #NONE}: the hosts share one machine's network stack, as they always did.
 *
 * <p>Only a multi-process cluster builds this network (a namespace per node, see
 * {@code io.replicakit.testbed.net.NamespaceNetwork}); the embedded cluster runs in one JVM and reports that its
 * network is not shaped.
 *
 * @param nodeLinks one rate per DataNode, in the spec's node order; empty when no node link is set
 * @param rackUplinks one rate per rack, in {@link ClusterSpec#racks()} order; empty when no uplink is set
 * @param clientLinks one rate per rack's client host; empty when no client link is set
 */
public record NetworkSpec(List<Throughput> nodeLinks, List<Throughput> rackUplinks, List<Throughput> clientLinks) {

  /** No network fields: today's unlimited, shared stack. */
  public static final NetworkSpec NONE = new NetworkSpec(List.of(), List.of(), List.of());

  public NetworkSpec {
    nodeLinks = List.copyOf(nodeLinks);
    rackUplinks = List.copyOf(rackUplinks);
    clientLinks = List.copyOf(clientLinks);
  }

  /** Whether the spec asks for a network of its own (any {@code net.*} field). */
  public boolean enabled() {
    return !nodeLinks.isEmpty() || !rackUplinks.isEmpty() || !clientLinks.isEmpty();
  }

  /** The link of DataNode {@code index} (0-based); ZERO when unshaped. */
  public Throughput nodeLink(int index) {
    return nodeLinks.isEmpty() ? Throughput.ZERO : nodeLinks.get(index);
  }

  /** The uplink of rack {@code index} (0-based); ZERO when unshaped. */
  public Throughput rackUplink(int index) {
    return rackUplinks.isEmpty() ? Throughput.ZERO : rackUplinks.get(index);
  }

  /** The link of rack {@code index}'s client host (0-based); ZERO when unshaped. */
  public Throughput clientLink(int index) {
    return clientLinks.isEmpty() ? Throughput.ZERO : clientLinks.get(index);
  }

  /**
   * This network with every rack uplink's rate multiplied by {@code factor}; node and client links unchanged, and
   * an unshaped uplink stays unshaped. An experiment whose workload has fewer concurrent readers than the one a
   * spec was drawn for uses it to keep the cross-rack bandwidth per reader (docs/experiments/placement.md).
   */
  public NetworkSpec withRackUplinksScaled(double factor) {
    if (!(factor > 0) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException("uplink scale must be a positive number, was " + factor);
    }
    List<Throughput> scaled = rackUplinks.stream().map(r -> new Throughput(r.bytesPerSec() * factor)).toList();
    return new NetworkSpec(nodeLinks, scaled, clientLinks);
  }

  /** For people and results: {@code node links 11.9 MiB/s, rack uplinks 23.8 MiB/s, client links unshaped}. */
  public String describe() {
    if (!enabled()) {
      return "unshaped (one shared network stack)";
    }
    return "node links " + describe(nodeLinks) + ", rack uplinks " + describe(rackUplinks) + ", client links "
        + describe(clientLinks);
  }

  private static String describe(List<Throughput> rates) {
    List<String> distinct = rates.stream().map(NetworkSpec::rate).distinct().toList();
    if (distinct.isEmpty()) {
      return "unshaped";
    }
    return distinct.size() == 1 ? distinct.get(0) : rates.stream().map(NetworkSpec::rate)
        .collect(Collectors.joining(", ", "[", "]"));
  }

  private static String rate(Throughput rate) {
    return rate.bytesPerSec() == 0 ? "unshaped" : String.format(Locale.ROOT, "%.2f MB/s", rate.mbPerSec());
  }
}
