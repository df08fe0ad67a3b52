/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

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
 * A shaped rack uplink holds what crosses it, and only that: in a multi-process cluster whose rack uplinks are
 * shaped to 4 MB/s (each host in its own network namespace, {@code bin/netns-run} around the JVM that starts the
 * cluster, {@link ShapedNetworkProbe}), a TCP stream between racks runs within 15 % of that rate, an HDFS write
 * and read through a rack's uplink never 15 % above it and their best of three trials near it, a TCP stream and an HDFS
 * read within a rack run several times faster, and the uplink's counters saw the bytes read.
 */
class ShapedNetworkIT {

  private static final double RATE = ShapedNetworkProbe.UPLINK_MB_S;
  private static final double TOLERANCE = 0.15;
  /** The least share of the rate an HDFS transfer through the shaped uplink must reach (see below). */
  private static final double HDFS_FLOOR = 0.6;

  @TempDir
  Path dir;

  @Test
  void shapedRackUplink_holdsInterRackTransfersToItsRate_andLeavesIntraRackOnesFree() throws Exception {
    Map<String, String> results = runProbe();
    System.out.println("Shaped network measured: " + new java.util.TreeMap<>(results));
    assertEquals("true", results.get("done"), "probe finished: " + results);
    assertTrue(results.get("network").contains("rack uplinks 4.00 MB/s"), results.get("network"));
    assertWithinTolerance("tcp_inter_rack_mb_s", results);
    assertBestWithinTolerance("hdfs_write_mb_s", results);
    assertBestWithinTolerance("hdfs_read_mb_s", results);
    double intra = Double.parseDouble(results.get("tcp_intra_rack_mb_s"));
    assertTrue(intra > 3 * RATE, "intra-rack TCP at " + intra + " MB/s is held near the uplink's " + RATE);
    double rackRead = Double.parseDouble(results.get("hdfs_intra_rack_read_mb_s"));
    assertTrue(rackRead > 3 * RATE, "an HDFS read within the rack at " + rackRead + " MB/s is held near " + RATE);
    assertTrue(results.get("hdfs_first_block_on").startsWith("10.241.2.13:"), results.get("hdfs_first_block_on"));
    long uplinkBytes = Long.parseLong(results.get("r2_uplink_read_up_bytes"));
    assertTrue(uplinkBytes >= 20L << 20, "/r2's uplink carried " + uplinkBytes + " bytes up during the read");
  }

  /**
   * Of several trials, none exceeds the rate by more than the tolerance (the link lets no more through), and the
   * best reaches {@link #HDFS_FLOOR} of it. The link's own accuracy (within 15 % both ways) is the raw TCP stream's
   * assertion; an HDFS transfer also needs CPU for checksums, packets and four JVMs, and on a loaded 2-core machine
   * its best trial fell to 0.82 of the rate with the uplink's counters showing the link 81 % busy: time lost
   * waiting for a core, which shaping cannot cause. On a quiet machine the best trial is at 0.91-0.95.
   */
  private static void assertBestWithinTolerance(String name, Map<String, String> results) {
    double best = 0;
    for (String trial : results.get(name).split(",")) {
      double measured = Double.parseDouble(trial);
      assertTrue(measured <= (1 + TOLERANCE) * RATE, name + " trial at " + measured + " MB/s exceeds the link's "
          + RATE + " MB/s by more than 15 %; all results: " + results);
      best = Math.max(best, measured);
    }
    assertTrue(best >= HDFS_FLOOR * RATE, name + ": the best trial, " + best + " MB/s, is below " + HDFS_FLOOR
        + " of " + RATE + " MB/s; all results: " + results);
  }

  private static void assertWithinTolerance(String name, Map<String, String> results) {
    double measured = Double.parseDouble(results.get(name));
    assertTrue(Math.abs(measured - RATE) <= TOLERANCE * RATE,
        name + " = " + measured + " MB/s, not within 15 % of " + RATE + " MB/s; all results: " + results);
  }

  /** Runs {@link ShapedNetworkProbe} in a JVM of its own inside a private namespace; its {@code RESULT} lines. */
  private Map<String, String> runProbe() throws Exception {
    Path netnsRun = Path.of(System.getProperty("distjarit.conf")).getParent().resolve("bin").resolve("netns-run");
    List<String> argv = new ArrayList<>(List.of(netnsRun.toString(),
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m"));
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-opens") || a.startsWith("--add-exports")).forEach(argv::add);
    for (String key : List.of("testbed.processes.jar", "testbed.processes.hadoop.classpath",
        "testbed.processes.testbed.jar", "distjarit.conf")) {
      argv.add("-D" + key + "=" + System.getProperty(key));
    }
    argv.addAll(List.of("-cp", System.getProperty("java.class.path"), ShapedNetworkProbe.class.getName(),
        dir.resolve("cluster").toString()));
    Path log = dir.resolve("probe.log");
    Process probe = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!probe.waitFor(5, TimeUnit.MINUTES)) {
      probe.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    Map<String, String> results = new HashMap<>();
    output.lines().filter(l -> l.startsWith("RESULT ")).map(l -> l.split(" ", 3))
        .forEach(parts -> results.put(parts[1], parts[2]));
    if (!results.containsKey("done")) {
      throw new AssertionError("the probe (exit " + (probe.isAlive() ? "none" : probe.exitValue())
          + ") did not finish; its output ends:\n" + tail(output));
    }
    return results;
  }

  private static String tail(String output) {
    List<String> lines = output.lines().toList();
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
  }
}
