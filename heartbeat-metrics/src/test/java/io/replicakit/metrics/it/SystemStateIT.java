/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.metrics.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.common.state.NodeState;
import io.replicakit.common.state.SystemStateView;
import io.replicakit.common.state.SystemStates;
import io.replicakit.common.state.VolumeMetrics;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.device.BackgroundLoad;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both plugins in a real embedded cluster (the {@code one-ssd} spec: 6 DataNodes in 3 racks, an SSD and a DISK
 * volume each), with the testbed's emulated devices as the volume source.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class SystemStateIT {

  private static final long INTERVAL = MetricsClusters.INTERVAL_MS;

  @TempDir
  static Path dir;

  private static EmbeddedCluster cluster;
  private static long registeredAtMs;

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = EmbeddedCluster.start(ClusterSpecs.load("one-ssd"), MetricsClusters.withPlugins(dir));
    registeredAtMs = System.currentTimeMillis();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  @Order(1)
  void everyDataNode_hasAFreshSample_withinTwoIntervalsOfRegistering() throws Exception {
    // Two intervals, plus one second for thread scheduling and the first RPC connection on a busy CI host.
    awaitTrue(() -> freshCount() == 6, Duration.ofMillis(2 * INTERVAL + 1000), "6 fresh samples");
    assertTrue(System.currentTimeMillis() - registeredAtMs <= 2 * INTERVAL + 1000);
    for (DataNodeSpec dn : cluster.spec().dataNodes()) {
      NodeState state = view().fresh(uuid(dn.name())).orElseThrow();
      List<String> types = state.sample().volumes().stream().map(VolumeMetrics::storageType).sorted().toList();
      assertEquals(List.of("DISK", "SSD"), types, dn.name() + " reports both volumes");
      assertTrue(state.sample().host().hasMemory(), dn.name() + " reports memory");
    }
    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    ObjectName bean = new ObjectName("Hadoop:service=NameNode,name=ReplicaKitSystemState");
    assertEquals(6, jmx.getAttribute(bean, "FreshNodeCount"));
    String json = (String) jmx.getAttribute(bean, "Nodes");
    assertTrue(json.contains("\"storageType\":\"SSD\""), json);
  }

  @Test
  @Order(2)
  void loadedDataNode_reportsTheHighestUtilizationAndAwait() throws Exception {
    AtomicBoolean writing = new AtomicBoolean(true);
    Thread writer = lightWriter(writing);
    try (BackgroundLoad load = cluster.devices("dn02").startLoad(v -> true, 64, Duration.ofSeconds(30))) {
      long started = System.currentTimeMillis();
      // Rates cover whole intervals: wait until every node's latest sample was taken under load.
      awaitTrue(() -> view().all().stream().allMatch(n -> n.sample().sampleTimeMs() > started + INTERVAL)
          && freshCount() == 6, Duration.ofSeconds(10), "samples taken under load");
      Map<String, double[]> peaks = peaksByNode();
      double[] loaded = peaks.remove("dn02");
      for (Map.Entry<String, double[]> other : peaks.entrySet()) {
        assertTrue(loaded[0] > other.getValue()[0], "utilization of dn02 " + loaded[0] + "% exceeds "
            + other.getKey() + "'s " + other.getValue()[0] + "%");
        assertTrue(loaded[1] > other.getValue()[1], "await of dn02 " + loaded[1] + " ms exceeds "
            + other.getKey() + "'s " + other.getValue()[1] + " ms");
      }
    } finally {
      writing.set(false);
      writer.join();
    }
  }

  @Test
  @Order(3)
  void stoppedDataNode_turnsStaleAndIsExcluded_thenFreshAfterRestart() throws Exception {
    String uuid = uuid("dn04");
    cluster.stopDataNode("dn04");
    // The NameNode has not noticed yet (14 s): only the registry's staleness (3 intervals) excludes the node.
    awaitTrue(() -> view().fresh(uuid).isEmpty(), Duration.ofMillis(3 * INTERVAL + 3000), "dn04 stale");
    assertTrue(view().all().stream().anyMatch(n -> n.datanodeUuid().equals(uuid) && n.stale()),
        "dn04 is still listed, as stale, until the NameNode declares it dead");
    cluster.restartDataNode("dn04");
    awaitTrue(() -> view().fresh(uuid).isPresent(), Duration.ofMillis(2 * INTERVAL + 3000), "dn04 fresh again");
    assertEquals(uuid, uuid("dn04"), "a restarted DataNode keeps its UUID");
  }

  /** Writes small files with pauses, so that the other nodes' devices see some I/O too. */
  private static Thread lightWriter(AtomicBoolean writing) {
    Thread t = new Thread(() -> {
      try (FileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
        byte[] data = new byte[256 * 1024];
        for (int i = 0; writing.get(); i++) {
          try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/light/f" + i))) {
            out.write(data);
          }
          Thread.sleep(200);
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, "light-writer");
    t.start();
    return t;
  }

  /** Per node: the highest utilization and await over its volumes in its latest sample. */
  private static Map<String, double[]> peaksByNode() throws Exception {
    Map<String, double[]> peaks = new TreeMap<>();
    for (DataNodeSpec dn : cluster.spec().dataNodes()) {
      NodeState state = view().fresh(uuid(dn.name())).orElseThrow();
      double util = state.sample().volumes().stream().mapToDouble(VolumeMetrics::utilizationPct).max().orElse(0);
      double await = state.sample().volumes().stream().mapToDouble(VolumeMetrics::awaitMs).max().orElse(0);
      peaks.put(dn.name(), new double[] {util, await});
    }
    return peaks;
  }

  private static SystemStateView view() {
    return SystemStates.current();
  }

  private static long freshCount() {
    Set<String> live = cluster.spec().dataNodes().stream().map(dn -> uuidOrEmpty(dn.name()))
        .collect(java.util.stream.Collectors.toSet());
    return live.stream().filter(u -> !u.isEmpty() && view().fresh(u).isPresent()).count();
  }

  private static String uuid(String node) {
    return cluster.dataNode(node).orElseThrow().getDatanodeUuid();
  }

  private static String uuidOrEmpty(String node) {
    return cluster.dataNode(node).map(dn -> dn.getDatanodeUuid()).orElse("");
  }

  private static void awaitTrue(BooleanSupplier condition, Duration timeout, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + timeout.toMillis() + " ms waiting for " + what
            + "; registry: " + view().all());
      }
      Thread.sleep(50);
    }
  }
}
