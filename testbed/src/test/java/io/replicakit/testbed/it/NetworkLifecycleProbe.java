/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.ProcessCluster;
import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.process.ProcessOptions;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * What {@link NetworkLifecycleIT} runs inside a private network namespace ({@code bin/netns-run}): builds and takes
 * down a shaped spec's network of namespaces, and prints {@code RESULT name value} lines of what is left.
 *
 * <p>{@code failed-start DIR}: starts a multi-process cluster whose configuration cannot be built (a site file that
 * does not exist), after its network is up.
 */
public final class NetworkLifecycleProbe {

  private NetworkLifecycleProbe() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[1]);
    switch (args[0]) {
      case "failed-start" -> failedStart(dir);
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
