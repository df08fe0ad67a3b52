/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.process.DaemonProcess;
import io.replicakit.testbed.process.ProcessOptions;
import io.replicakit.testbed.process.ShellDaemons;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessClusterTest {

  private static final URI URI_INSIDE = URI.create("hdfs://10.241.0.1:41000");
  private static final Duration GRACE = Duration.ofSeconds(1);

  @TempDir
  Path dir;

  private ProcessCluster cluster;

  @AfterEach
  void closeCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** {@code dataNodes} DataNodes in one rack. */
  private static ClusterSpec spec(int dataNodes) {
    Properties props = ClusterSpecs.properties("small");
    props.setProperty(SpecParser.DATANODES, Integer.toString(dataNodes));
    props.setProperty(SpecParser.RACKS, "1");
    props.remove(SpecParser.RACK_SIZES);
    props.setProperty(SpecParser.CAPACITIES, "1g*" + dataNodes);
    return SpecParser.parse(props, "stand-ins");
  }

  /**
   * A multi-process cluster whose NameNode and DataNodes are shell stand-ins running {@code script}, started through
   * the cluster's own start path (configuration, launcher, processes); nothing answers as HDFS.
   */
  private ProcessCluster standIns(String script, int dataNodes) throws IOException {
    ProcessOptions processes = ProcessOptions.defaults().withInstall(ShellDaemons.install(dir.resolve("install")))
        .withLauncher(ShellDaemons.running(script)).withStopGrace(GRACE);
    cluster = ProcessCluster.open(spec(dataNodes), ClusterOptions.in(dir.resolve("cluster"))
        .withMode(ClusterMode.PROCESSES).withProcesses(processes));
    cluster.startNameNode();
    for (DataNodeSpec node : cluster.spec().dataNodes()) {
      cluster.startDataNode(node);
    }
    return cluster;
  }

  private List<DaemonProcess> allProcesses() {
    List<DaemonProcess> all = new ArrayList<>(List.of(cluster.nameNodeProcess()));
    cluster.spec().dataNodes().forEach(dn -> all.add(cluster.dataNodeProcess(dn.name())));
    return all;
  }

  @Test
  void killDataNodes_namingAnUnknownNode_killsNone() throws Exception {
    standIns(ShellDaemons.RUNS, 2);
    DaemonProcess dn01 = cluster.dataNodeProcess("dn01");
    assertThrows(NoSuchElementException.class, () -> cluster.killDataNodes(List.of("dn01", "dn99")));
    assertTrue(dn01.isAlive(), "dn01 was killed before dn99 was found unknown");
    assertEquals(dn01, cluster.dataNodeProcess("dn01"));
  }

  @Test
  void killDataNodes_namingANodeTwice_byItsNameAndItsAddress_killsNone() throws Exception {
    standIns(ShellDaemons.RUNS, 2);
    DaemonProcess dn01 = cluster.dataNodeProcess("dn01");
    IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
        () -> cluster.killDataNodes(List.of("dn01", "127.0.0.11")));
    assertTrue(twice.getMessage().contains("dn01"), twice.getMessage());
    assertTrue(dn01.isAlive(), "dn01 was killed before it was found named twice");
  }

  @Test
  void killedNodes_leaveTheRunningSetOnceExited_evenWhenTheNameNodeCannotBeTold() throws Exception {
    standIns(ShellDaemons.RUNS, 3);
    DaemonProcess dn01 = cluster.dataNodeProcess("dn01");
    DaemonProcess dn02 = cluster.dataNodeProcess("dn02");
    // The stand-in NameNode has no control bean to declare them dead.
    assertThrows(IOException.class, () -> cluster.killDataNodes(List.of("dn01", "dn02")));
    assertFalse(dn01.isAlive());
    assertFalse(dn02.isAlive());
    assertThrows(IllegalStateException.class, () -> cluster.dataNodeProcess("dn01"));
    assertTrue(cluster.dataNodeProcess("dn03").isAlive());
  }

  @Test
  void close_givesDaemonsThatIgnoreSigtermOneSharedGrace_thenKillsThemAll() throws Exception {
    standIns(ShellDaemons.IGNORES_SIGTERM, 3);
    List<DaemonProcess> all = allProcesses();
    long start = System.nanoTime();
    cluster.close();
    Duration took = Duration.ofNanos(System.nanoTime() - start);
    all.forEach(p -> assertFalse(p.isAlive(), p.id().name() + " outlived close()"));
    assertTrue(took.compareTo(GRACE.multipliedBy(3)) < 0,
        "close() took " + took.toMillis() + " ms for 4 daemons with a " + GRACE.toMillis() + " ms grace");
  }

  @Test
  void privateNetworkHint_insideAPrivateNamespace_tellsHowToRunAClientInIt() {
    String hint = ProcessCluster.privateNetworkHint(Map.of("REPLICAKIT_NETNS", "1"), 4242, URI_INSIDE);
    assertTrue(hint.contains("pid 4242"), hint);
    assertTrue(hint.contains("nsenter --target 4242 --user --net --preserve-credentials hdfs dfs -fs "
        + "hdfs://10.241.0.1:41000 -ls /"), hint);
  }

  @Test
  void privateNetworkHint_onTheMachinesNetwork_isEmpty() {
    assertEquals("", ProcessCluster.privateNetworkHint(Map.of(), 4242, URI.create("hdfs://127.0.0.1:41000")));
    assertEquals("", ProcessCluster.privateNetworkHint(Map.of("REPLICAKIT_NETNS", "off"), 4242,
        URI.create("hdfs://127.0.0.1:41000")));
  }
}
