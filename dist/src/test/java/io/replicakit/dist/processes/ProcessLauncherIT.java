/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.process.DaemonInstall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the launcher keeps daemons from outliving it and reports ones that do not come up: a daemon JVM whose
 * launcher dies without closing its cluster (kill -9) ends by itself; a DataNode that cannot start fails the
 * cluster's start-up with a message that names its log and quotes the cause, and leaves no process behind.
 */
class ProcessLauncherIT {

  @TempDir
  Path dir;

  @Test
  void daemonJvm_haltsWhenItsLauncherIsKilled() throws Exception {
    Process launcher = new ProcessBuilder("sleep", "300").start();
    Path idle = Files.writeString(dir.resolve("Idle.java"),
        "public class Idle { public static void main(String[] a) throws Exception { Thread.sleep(300_000); } }");
    Path testbedJar = DaemonInstall.fromSystemProperties().testbedJar();
    Process daemon = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-javaagent:" + testbedJar + "=" + launcher.pid(), idle.toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("idle.out").toFile()).start();
    try {
      assertTrue(!daemon.waitFor(3, TimeUnit.SECONDS), "the daemon runs while its launcher does");
      launcher.destroyForcibly().waitFor();
      assertTrue(daemon.waitFor(15, TimeUnit.SECONDS), "the daemon ends once its launcher is gone");
      assertEquals(143, daemon.exitValue());
      assertTrue(Files.readString(dir.resolve("idle.out")).contains("launcher process " + launcher.pid()
          + " is gone"));
    } finally {
      daemon.destroyForcibly();
      launcher.destroyForcibly();
    }
  }

  @Test
  void startUp_whenDataNodesCannotStart_failsNamingTheirLogAndCause_andLeavesNoProcess() {
    IOException failure = assertThrows(IOException.class, () -> Cluster.start(
        ProcessClusters.spec("broken", 3, 1, "DISK"),
        ProcessClusters.options(dir).with("dfs.datanode.failed.volumes.tolerated", "5")).close());
    String message = failure.getMessage();
    assertTrue(message.matches("(?s)dn0\\d \\(pid \\d+\\) exited while waiting for dn0\\d .*"), message);
    assertTrue(message.contains(dir.resolve("logs").toString()), "names the log: " + message);
    assertTrue(message.contains("dfs.datanode.failed.volumes.tolerated"), "quotes the cause: " + message);
    ProcessClusters.assertNoDaemonLeft(dir);
  }

  @Test
  void install_refusesClassFolders() {
    DaemonInstall install = DaemonInstall.fromSystemProperties();
    assertThrows(IllegalArgumentException.class,
        () -> new DaemonInstall(dir, install.testbedJar(), install.hadoopClasspath()));
    assertThrows(IllegalArgumentException.class,
        () -> new DaemonInstall(install.jar(), install.testbedJar(), List.of(install.jar())));
  }
}
