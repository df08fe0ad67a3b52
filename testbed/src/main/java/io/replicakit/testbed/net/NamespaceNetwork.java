/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.net;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replicakit.testbed.process.NodeLauncher;
import io.replicakit.testbed.spec.Addressing;
import io.replicakit.testbed.spec.ClusterSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A spec's network, built for a multi-process cluster: the {@link NetworkPlan}'s namespaces, bridges, veth pairs
 * and qdiscs, created when opened and removed when closed; the launcher that starts each daemon in its host's
 * namespace; the links' counters. A spec without network fields gets no network: the cluster runs on loopback as
 * before.
 *
 * <p>The driver must already be in a private network namespace of its own (user, network and mount:
 * {@code unshare -rnm}, with a tmpfs on {@code /run/netns}), which {@code bin/netns-run} provides and announces with
 * {@value #INSIDE_ENV}{@code =1}; building bridges in the machine's own namespace is never attempted: besides the
 * variable, the JVM must be in a user namespace other than the machine's initial one. When the driver is not inside
 * one, opening fails and says why, instead of running the cluster unshaped.
 */
public final class NamespaceNetwork implements AutoCloseable {

  /** Set to {@code 1} by {@code bin/netns-run} in the namespace it creates. */
  public static final String INSIDE_ENV = "REPLICAKIT_NETNS";
  /** Set by {@code bin/replicakit} to why it could not enter a namespace. */
  public static final String WHY_NOT_ENV = "REPLICAKIT_NETNS_ERROR";

  private static final Logger LOG = LoggerFactory.getLogger(NamespaceNetwork.class);
  /** How to get into a namespace, for the errors that say the JVM is not in one. */
  private static final String HOW = " bin/replicakit enters one with 'unshare -rnm' for a --processes run of such a"
      + " spec; elsewhere run the JVM as 'bin/netns-run java ...' (needs unshare from util-linux, iproute2's ip and"
      + " tc, sysctl, and user namespaces or root). The cluster is not started unshaped.";

  private final ClusterSpec spec;
  private final Optional<NetworkPlan> plan;

  private NamespaceNetwork(ClusterSpec spec, Optional<NetworkPlan> plan) {
    this.spec = spec;
    this.plan = plan;
  }

  /**
   * Builds {@code requested}'s network, or none when it has no network fields.
   *
   * @throws IOException naming what is missing: the private namespace, {@code ip}/{@code tc}, or the permission a
   *     command was refused (with the command's own message)
   */
  public static NamespaceNetwork open(ClusterSpec requested) throws IOException {
    if (!requested.network().enabled()) {
      return new NamespaceNetwork(requested, Optional.empty());
    }
    requireOwnNamespace(requested, System.getenv(), PROC);
    ClusterSpec spec = requested.addressedBy(Addressing.NAMESPACES);
    NamespaceNetwork network = new NamespaceNetwork(spec, Optional.of(NetworkPlan.of(spec)));
    // What an earlier driver in this namespace left (killed before it closed its network) would fail the setup
    // with "File exists": remove it first, ignoring what is not there.
    network.close();
    try {
      for (List<String> command : network.plan.get().setup()) {
        Commands.run(command);
      }
    } catch (IOException e) {
      network.close();
      throw new IOException("cannot build the network of spec '" + spec.name() + "' (" + spec.network().describe()
          + "): " + e.getMessage(), e);
    }
    LOG.info("Network of spec '{}' up: {} namespaces on {}.0.0/{}; {}", spec.name(),
        spec.dataNodes().size(), Addressing.NAMESPACE_PREFIX,
        Addressing.NAMESPACE_PREFIX_LENGTH, spec.network().describe());
    return network;
  }

  /** Reads this process's user-ID map ({@code /proc/self/uid_map}); a test's probe answers what it is given. */
  @FunctionalInterface
  interface UidMapProbe {
    String read() throws IOException;
  }

  /** The machine's own: {@code /proc/self/uid_map} of this process. */
  static final UidMapProbe PROC = () -> Files.readString(Path.of("/proc/self/uid_map"));

  /**
   * Fails unless this JVM runs in a private namespace made for it: {@code env} must carry {@value #INSIDE_ENV}
   * {@code =1} and the process must be in a user namespace of its own, not the machine's initial one. The variable
   * alone is inherited by anything started from such a shell (or set by hand), and the network's set-up and
   * tear-down ({@code ip link delete}, {@code sysctl -w}) must never run on the machine's own network stack.
   */
  static void requireOwnNamespace(ClusterSpec spec, Map<String, String> env, UidMapProbe uidMap) throws IOException {
    if (!"1".equals(env.get(INSIDE_ENV))) {
      String why = Optional.ofNullable(env.get(WHY_NOT_ENV)).map(w -> " It could not enter one: " + w + ".")
          .orElse("");
      throw new IOException(needsNamespace(spec) + "; it is not (" + INSIDE_ENV + " is not 1)." + why + HOW);
    }
    String map;
    try {
      map = uidMap.read();
    } catch (IOException e) {
      throw new IOException(needsNamespace(spec) + ", and whether it is cannot be told: " + e.getMessage() + "."
          + HOW, e);
    }
    if (isInitialUserNamespace(map)) {
      throw new IOException(needsNamespace(spec) + "; " + INSIDE_ENV + " is 1, but this JVM runs in the machine's"
          + " initial user namespace (/proc/self/uid_map maps every user ID to itself: " + map.strip() + "), not in"
          + " one bin/netns-run made, so no network command is run here." + HOW);
    }
  }

  /** Whether {@code uidMap} is the initial user namespace's: the one line {@code 0 0 4294967295}. */
  static boolean isInitialUserNamespace(String uidMap) {
    return List.of(uidMap.strip().split("\\s+")).equals(List.of("0", "0", "4294967295"));
  }

  private static String needsNamespace(ClusterSpec spec) {
    return "spec '" + spec.name() + "' has a network (" + spec.network().describe() + "), which needs this JVM"
        + " inside a private network namespace";
  }

  /** The spec as the cluster runs it: re-addressed into the namespaces when there is a network. */
  public ClusterSpec spec() {
    return spec;
  }

  /** Whether a network was built (the spec has network fields). */
  public boolean shaped() {
    return plan.isPresent();
  }

  /** {@code inner}'s command, run in the namespace of the daemon's host ({@code ip netns exec}). */
  public NodeLauncher launcher(NodeLauncher inner) {
    if (plan.isEmpty()) {
      return inner;
    }
    NetworkPlan built = plan.get();
    return (daemon, command) -> {
      List<String> argv = inner.command(daemon, command);
      return built.namespaceOf(daemon).map(ns -> Stream.concat(Stream.of("ip", "netns", "exec", ns), argv.stream())
          .toList()).orElse(argv);
    };
  }

  /** Every link's counters now; empty without a network. */
  public List<LinkCounters> counters() throws IOException {
    if (plan.isEmpty()) {
      return List.of();
    }
    JsonNode devices = new ObjectMapper().readTree(Commands.run(List.of("ip", "-j", "-s", "link", "show")));
    Map<String, JsonNode> byName = new HashMap<>();
    devices.forEach(d -> byName.put(d.path("ifname").asText(), d.path("stats64")));
    List<LinkCounters> counters = new ArrayList<>();
    for (NetworkPlan.Link link : plan.get().links()) {
      JsonNode stats = byName.get(link.device());
      if (stats == null) {
        throw new IOException("device " + link.device() + " of link " + link.name() + " is gone");
      }
      counters.add(new LinkCounters(link, stats.path("tx").path("bytes").asLong(),
          stats.path("rx").path("bytes").asLong()));
    }
    return counters;
  }

  /** Removes the namespaces and devices; what cannot be removed is logged (the driver's namespace ends with it). */
  @Override
  public void close() {
    if (plan.isEmpty()) {
      return;
    }
    for (List<String> command : plan.get().teardown()) {
      try {
        Commands.run(command);
      } catch (IOException e) {
        LOG.debug("Network tear-down: {}", e.getMessage());
      }
    }
  }
}
