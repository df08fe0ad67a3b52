/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.yarn.ContainerLogs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * TestDFSIO as a real cluster runs it: a ResourceManager and a NodeManager beside each of 4 DataNodes in 2 racks,
 * TestDFSIO's own main in a client JVM submitting to YARN, its maps in containers on the nodes, and a rack
 * client's local job runner in a JVM of its own. Closing the cluster leaves no process behind.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class YarnProcessesIT {

  private static final int FILES = 4;
  private static final long FILE_BYTES = 2 * ProcessClusters.BLOCK;

  @TempDir
  static Path dir;

  private static Cluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = Cluster.start(ProcessClusters.spec("yarn", 4, 2, "DISK"), ProcessClusters.options(dir).withYarn());
  }

  @AfterAll
  static void closeAndCheck() {
    if (cluster != null) {
      cluster.close();
    }
    ProcessClusters.assertNoDaemonLeft(dir);
  }

  @Test
  @Order(1)
  void describe_listsTheResourceManagerAndANodeManagerPerDataNode() {
    String text = cluster.describe();
    assertTrue(text.contains("resourcemanager pid"), text);
    for (String node : List.of("dn01", "dn02", "dn03", "dn04")) {
      assertTrue(text.contains("nm-" + node + " pid"), text);
    }
  }

  @Test
  @Order(2)
  void writeThenRead_throughYarn_runMapsOnSeveralNodeManagers() throws Exception {
    DfsioRunner dfsio = cluster.dfsioOnNodes(dir.resolve("dfsio"));
    DfsioResult write = dfsio.run(DfsioRequest.of(DfsioRequest.Op.WRITE, FILES, FILE_BYTES));
    DfsioResult read = dfsio.run(DfsioRequest.of(DfsioRequest.Op.READ, FILES, FILE_BYTES));
    assertEquals(FILES, write.files());
    assertEquals(FILES, read.files());
    assertEquals(FILES * 2.0, read.totalMb(), 0.01);
    assertTrue(read.throughputMbS() > 0, read.toString());

    Map<String, Map<String, Integer>> maps = ContainerLogs.mapTasks(cluster.spec(), dir.resolve("logs"));
    assertEquals(2, maps.size(), "one YARN application per TestDFSIO job: " + maps);
    Map<String, Integer> readMaps = maps.values().stream().reduce((first, second) -> second).orElseThrow();
    assertEquals(FILES, readMaps.values().stream().mapToInt(Integer::intValue).sum(), readMaps.toString());
    assertTrue(readMaps.size() > 1, "the read's maps ran on one NodeManager only: " + readMaps);
  }

  @Test
  @Order(3)
  void localRunner_atARacksClient_runsInAClientJvmOfItsOwn() throws Exception {
    DfsioRunner dfsio = cluster.dfsio(ClientPlacement.inRack("/r1"), dir.resolve("dfsio"));
    DfsioResult write = dfsio.run(DfsioRequest.of(DfsioRequest.Op.WRITE, 2, ProcessClusters.BLOCK)
        .withBaseDir("/rack-client"));
    assertEquals(2, write.files());
    try (Stream<Path> logs = Files.list(dir.resolve("logs"))) {
      assertTrue(logs.anyMatch(p -> p.getFileName().toString().startsWith("dfsio-client-r1-")),
          "the rack client's TestDFSIO JVM logs as client-r1");
    }
    assertEquals(2, ContainerLogs.mapTasks(cluster.spec(), dir.resolve("logs")).size(), "no YARN application");
  }
}
