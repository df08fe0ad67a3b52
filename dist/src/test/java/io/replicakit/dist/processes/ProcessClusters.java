/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterMode;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.net.Ports;
import io.replicakit.testbed.process.DaemonInstall;
import io.replicakit.testbed.process.ProcessOptions;
import io.replicakit.testbed.process.ProcessReaper;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * What the multi-process ITs share: lean clusters (a few DataNodes, 1 MiB blocks, fast emulated devices), the
 * {@code conf/} samples, and the check that no daemon process outlives its cluster.
 */
final class ProcessClusters {

  static final long BLOCK = 1024 * 1024;

  private ProcessClusters() {}

  /** {@code nodes} DataNodes in {@code racks} racks, each with {@code volumes} of 1 GiB, devices at 64 MiB/s. */
  static ClusterSpec spec(String name, int nodes, int racks, String volumes) {
    Properties props = new Properties();
    props.setProperty(SpecParser.NAME, name);
    props.setProperty(SpecParser.DATANODES, Integer.toString(nodes));
    props.setProperty(SpecParser.RACKS, Integer.toString(racks));
    props.setProperty(SpecParser.VOLUMES, volumes);
    int count = volumes.split(",").length;
    props.setProperty(SpecParser.CAPACITIES, String.join("/", java.util.Collections.nCopies(count, "1g")) + "*"
        + nodes);
    props.setProperty(SpecParser.DEVICE_MIBPS_PREFIX + "disk", "64");
    props.setProperty(SpecParser.DEVICE_MIBPS_PREFIX + "ssd", "128");
    return SpecParser.parse(props, name);
  }

  /**
   * Processes mode, 1 MiB blocks, the jars the build names (see dist/pom.xml), in {@code dir}. Daemons compile
   * with C1 only: these tests start many JVMs and move little data.
   */
  static ClusterOptions options(Path dir) {
    return ClusterOptions.in(dir).withMode(ClusterMode.PROCESSES)
        .with("dfs.blocksize", Long.toString(BLOCK))
        .withProcesses(ProcessOptions.defaults().withInstall(DaemonInstall.fromSystemProperties())
            .withHeapMib(256).withJvmOptions(List.of("-XX:TieredStopAtLevel=1")));
  }

  /** A sample of the repository's {@code conf/} folder, as an operator merges it. */
  static Path sample(String file) {
    Path path = Path.of(System.getProperty("distjarit.conf")).resolve(file);
    if (!Files.isRegularFile(path)) {
      throw new IllegalStateException("no conf sample " + path);
    }
    return path;
  }

  /** What a {@code hadoop jar} run printed, and its exit code. */
  record ToolRun(int code, String output) {}

  /**
   * {@code hadoop jar replicakit-VERSION.jar ARGS}: Hadoop's {@code RunJar} with Hadoop's class path, in a JVM of
   * its own, as the {@code hadoop} script runs it.
   */
  static ToolRun hadoopJar(String... args) throws IOException, InterruptedException {
    DaemonInstall install = DaemonInstall.fromSystemProperties();
    List<String> argv = new java.util.ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
        "-XX:TieredStopAtLevel=1", "-cp",
        install.hadoopClasspath().stream().map(Path::toString).collect(java.util.stream.Collectors.joining(":")),
        "org.apache.hadoop.util.RunJar", install.jar().toString()));
    argv.addAll(List.of(args));
    Process process = new ProcessBuilder(argv).redirectErrorStream(true).start();
    java.util.concurrent.CompletableFuture<String> output = java.util.concurrent.CompletableFuture.supplyAsync(
        () -> {
          try {
            return new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
          } catch (IOException e) {
            return e.toString();
          }
        });
    if (!process.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("hadoop jar " + List.of(args) + " did not finish in 120 s");
    }
    return new ToolRun(process.exitValue(), output.join());
  }

  /** The whole log of a daemon of the cluster in {@code dir}. */
  static String log(Path dir, String daemon) throws IOException {
    return Files.readString(dir.resolve("logs").resolve(daemon + ".log"));
  }

  static int freePort() {
    return Ports.free();
  }

  /** Closes {@code cluster} if it started, then asserts that none of its daemons is left. */
  static void stop(Cluster cluster, Path dir) {
    if (cluster != null) {
      cluster.close();
    }
    assertNoDaemonLeft(dir);
  }

  /** Asserts that no daemon started by this JVM, and no process whose command line names {@code dir}, runs. */
  static void assertNoDaemonLeft(Path dir) {
    assertEquals(List.of(), ProcessReaper.global().running(), "daemon processes still running");
    String marker = dir.toAbsolutePath().toString();
    try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
      List<String> left = all.filter(ProcessHandle::isAlive)
          .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
          .map(p -> p.pid() + " " + p.info().command().orElse("?")).toList();
      assertEquals(List.of(), left, "processes of the cluster in " + marker + " still running");
    }
  }
}
