/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shaped spec's network of namespaces is taken down whatever happens to the cluster (also when its configuration
 * cannot be built after the network is up), and can be built again at once, also over devices a killed driver
 * left. Each case runs {@link NetworkLifecycleProbe} in a JVM of its own inside a private namespace
 * ({@code bin/netns-run}), which then lists the namespaces and devices left.
 */
class NetworkLifecycleIT {

  @TempDir
  Path dir;

  @Test
  void clusterWhoseConfigurationCannotBeBuilt_failsAndLeavesNoNamespaceOrDevice() throws Exception {
    Map<String, String> results = runProbe("failed-start");
    assertTrue(results.get("start").startsWith("failed: ") && results.get("start").contains("does not exist"),
        results.get("start"));
    assertEquals("", results.get("namespaces"), "namespaces left: " + results);
    assertEquals("lo", results.get("devices"), "devices left: " + results);
  }

  @Test
  void network_buildsAgainRightAfterItIsClosed_andOverDevicesLeftBehind() throws Exception {
    Map<String, String> results = runProbe("reopen");
    assertEquals("0", results.get("reopen_failures"), "of " + NetworkLifecycleProbe.REOPENS + " builds in a row");
    assertEquals("built 6 links", results.get("over_stale"), results.toString());
    assertEquals("", results.get("namespaces"), "namespaces left: " + results);
    assertEquals("lo", results.get("devices"), "devices left: " + results);
  }

  /** Runs the probe in {@code mode} inside a private namespace; its {@code RESULT} lines. */
  private Map<String, String> runProbe(String mode) throws Exception {
    Path netnsRun = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent().resolve("bin")
        .resolve("netns-run");
    List<String> argv = new ArrayList<>(List.of(netnsRun.toString(),
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m"));
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-opens") || a.startsWith("--add-exports")).forEach(argv::add);
    argv.addAll(List.of("-cp", System.getProperty("java.class.path"), NetworkLifecycleProbe.class.getName(), mode,
        dir.toString()));
    Path log = dir.resolve("probe.log");
    Process probe = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!probe.waitFor(3, TimeUnit.MINUTES)) {
      probe.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    Map<String, String> results = new HashMap<>();
    output.lines().filter(l -> l.startsWith("RESULT ")).map(l -> l.split(" ", 3))
        .forEach(parts -> results.put(parts[1], parts.length > 2 ? parts[2] : ""));
    if (!results.containsKey("done")) {
      throw new AssertionError("the probe (exit " + (probe.isAlive() ? "none" : probe.exitValue())
          + ") did not finish; its output:\n" + output);
    }
    return results;
  }
}
