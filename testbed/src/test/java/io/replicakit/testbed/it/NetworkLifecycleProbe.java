/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.ProcessCluster;
import io.replicakit.testbed.net.NamespaceNetwork;
import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.process.ProcessOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What {@link NetworkLifecycleIT} runs inside a private network namespace ({@code bin/netns-run}): builds and takes
 * down a shaped spec's network of namespaces, and prints {@code RESULT name value} lines of what is left.
 *
 * <p>{@code failed-start DIR}: starts a multi-process cluster whose configuration cannot be built (a site file that
 * does not exist), after its network is up. {@code reopen DIR}: builds and closes the network {@value #REOPENS} times
 * in a row, as a driver that runs one cluster after another does, then builds it once more over a network whose
 * devices were left behind (as by a driver killed before it closed its network).
 */
public final class NetworkLifecycleProbe {

  /** How often {@code reopen} builds the network; before the fix about half of the builds failed. */
  static final int REOPENS = 20;

  private NetworkLifecycleProbe() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[1]);
    switch (args[0]) {
      case "failed-start" -> failedStart(dir);
      case "reopen" -> reopen();
      default -> throw new IllegalArgumentException("unknown mode " + args[0]);
    }
    result("namespaces", run("ip", "netns", "list").strip().replace('\n', ' '));
    result("devices", String.join(" ", run("ip", "-o", "link", "show").lines()
        .map(l -> l.split(":\\s+")[1].replaceAll("@.*", "")).toList()));
    result("done", "true");
  }

  /** Two racks of one DataNode each, every link shaped. */
  static ClusterSpec shapedSpec() {
    Properties props = new Properties();
    props.setProperty("datanodes", "2");
    props.setProperty("racks", "2");
    props.setProperty("capacities", "1g*2");
    props.setProperty("net.node.link", "100Mbit/s");
    props.setProperty("net.rack.uplink", "50Mbit/s");
    props.setProperty("net.client.link", "100Mbit/s");
    return SpecParser.parse(props, "lifecycle");
  }

  private static void failedStart(Path dir) throws IOException {
    Path jar = Files.createFile(dir.resolve("replicakit-unused.jar"));
    Path testbedJar = Files.createFile(dir.resolve("replicakit-testbed-unused.jar"));
    Path hadoopJar = Files.createFile(dir.resolve("hadoop-unused.jar"));
    ClusterOptions options = ClusterOptions.in(dir.resolve("cluster")).withMode(ClusterMode.PROCESSES)
        .withSiteFile(dir.resolve("no-such-site.xml"))
        .withProcesses(ProcessOptions.defaults().withInstall(new DaemonInstall(jar, testbedJar, List.of(hadoopJar))));
    ClusterSpec spec = shapedSpec();
    try {
      ProcessCluster.start(spec, options).close();
      result("start", "succeeded");
    } catch (IllegalArgumentException e) {
      result("start", "failed: " + e.getMessage());
    }
  }

  private static void reopen() throws IOException, InterruptedException {
    ClusterSpec spec = shapedSpec();
    List<String> failures = new ArrayList<>();
    for (int i = 0; i < REOPENS; i++) {
      try (NamespaceNetwork network = NamespaceNetwork.open(spec)) {
        network.counters();
      } catch (IOException e) {
        failures.add(e.getMessage());
      }
    }
    result("reopen_failures", failures.size() + (failures.isEmpty() ? "" : ", first: " + failures.get(0)));
    // Devices of a network that was never closed: the next build must remove them first.
    run("ip", "link", "add", "b-dn01", "type", "veth", "peer", "name", "n-dn01");
    run("ip", "link", "add", "br-core", "type", "bridge");
    try (NamespaceNetwork network = NamespaceNetwork.open(spec)) {
      result("over_stale", "built " + network.counters().size() + " links");
    } catch (IOException e) {
      result("over_stale", "failed: " + e.getMessage());
    }
  }

  static String run(String... argv) throws IOException, InterruptedException {
    Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    process.waitFor();
    return out;
  }

  private static void result(String name, String value) {
    System.out.println("RESULT " + name + " " + value);
  }
}
