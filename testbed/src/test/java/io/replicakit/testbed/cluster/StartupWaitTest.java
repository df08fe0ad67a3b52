/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.process.DaemonId;
import io.replicakit.testbed.process.DaemonJmx;
import io.replicakit.testbed.process.DaemonProcess;
import io.replicakit.testbed.process.JmxAgent;
import io.replicakit.testbed.process.ShellDaemons;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StartupWaitTest {

  private static final String RUNTIME_BEAN = "java.lang:type=Runtime";
  private static final String MISSING_BEAN = "Hadoop:service=DataNode,name=NotThere";

  @TempDir
  Path dir;

  private final List<DaemonProcess> started = new ArrayList<>();

  @AfterEach
  void killStandIns() throws IOException {
    for (DaemonProcess process : started) {
      process.kill();
    }
  }

  private DaemonProcess daemon(String name, String script) throws IOException {
    DaemonProcess process = ShellDaemons.start(dir.resolve(name), DaemonId.dataNode(name, "127.0.0.1", "/r1"),
        script);
    started.add(process);
    return process;
  }

  /** A port nothing listens on: the agent of a daemon that never got as far as opening it. */
  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  @Test
  void beanOfADaemonThatExited_failsAtOnce_namingItsLogAndLastLines() throws Exception {
    DaemonProcess nameNode = daemon("namenode", ShellDaemons.RUNS);
    DaemonProcess dataNode = daemon("dn01", ShellDaemons.FAILS);
    dataNode.awaitExit(Duration.ofSeconds(10));
    StartupWait wait = new StartupWait(nameNode, Duration.ofSeconds(30));
    long start = System.nanoTime();
    IOException failure = assertThrows(IOException.class,
        () -> wait.untilBean(MISSING_BEAN, dataNode, new DaemonJmx("127.0.0.1", closedPort())));
    assertTrue(System.nanoTime() - start < Duration.ofSeconds(5).toNanos(), "waited for a daemon that is gone");
    assertTrue(failure.getMessage().contains("dn01 (pid " + dataNode.pid() + ") exited"), failure.getMessage());
    assertTrue(failure.getMessage().contains(dir.resolve("dn01/logs/dn01.log").toString()), failure.getMessage());
    assertTrue(failure.getMessage().contains("cannot start: port in use"), failure.getMessage());
  }

  @Test
  void beanThatIsUp_isFoundEvenWithNoTimeLeft() throws Exception {
    DaemonProcess nameNode = daemon("namenode", ShellDaemons.RUNS);
    try (JmxAgent agent = JmxAgent.start(); DaemonJmx jmx = new DaemonJmx("127.0.0.1", agent.port())) {
      new StartupWait(nameNode, Duration.ZERO).untilBean(RUNTIME_BEAN, nameNode, jmx);
    }
  }

  @Test
  void beanThatNeverAppears_timesOut_namingTheBeanAndTheDaemonsLog() throws Exception {
    DaemonProcess nameNode = daemon("namenode", ShellDaemons.RUNS);
    try (JmxAgent agent = JmxAgent.start(); DaemonJmx jmx = new DaemonJmx("127.0.0.1", agent.port())) {
      IOException failure = assertThrows(IOException.class,
          () -> new StartupWait(nameNode, Duration.ofMillis(300)).untilBean(MISSING_BEAN, nameNode, jmx));
      assertTrue(failure.getMessage().contains(MISSING_BEAN), failure.getMessage());
      assertTrue(failure.getMessage().contains(dir.resolve("namenode/logs/namenode.log").toString()),
          failure.getMessage());
    }
  }
}
