/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.Cluster;
import java.nio.file.Path;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * heartbeat-metrics installed as an operator installs it ({@code conf/heartbeat-metrics-hdfs-site.xml}, the jar
 * with its relocated OSHI and private JNA): every DataNode process samples this machine with OSHI and reports to
 * the registry in the NameNode process, which {@code hadoop jar replicakit.jar metrics} and the NameNode's JMX bean
 * both show.
 */
class HeartbeatMetricsProcessesIT {

  @TempDir
  static Path dir;

  private static Cluster cluster;
  private static int metricsPort;

  @BeforeAll
  static void start() throws Exception {
    metricsPort = ProcessClusters.freePort();
    cluster = Cluster.start(ProcessClusters.spec("metrics", 3, 2, "DISK"),
        ProcessClusters.options(dir)
            .withSiteFile(ProcessClusters.sample("heartbeat-metrics-hdfs-site.xml"))
            .with("replicakit.metrics.server.address", "0.0.0.0:" + metricsPort)
            .with("replicakit.metrics.interval.ms", "1000"));
  }

  @AfterAll
  static void stop() {
    ProcessClusters.stop(cluster, dir);
  }

  @Test
  void everyDataNodeProcess_reportsOshiSamples_toTheNameNodeProcess() throws Exception {
    ObjectName bean = new ObjectName("Hadoop:service=NameNode,name=ReplicaKitSystemState");
    long deadline = System.nanoTime() + 60_000_000_000L;
    int fresh = 0;
    while (System.nanoTime() < deadline && fresh < 3) {
      fresh = (Integer) cluster.nameNodeBeans().getAttribute(bean, "FreshNodeCount");
      Thread.sleep(500);
    }
    assertEquals(3, fresh, "fresh DataNodes in the NameNode's registry");

    ProcessClusters.ToolRun metrics = ProcessClusters.hadoopJar("metrics", "-fs", cluster.uri().toString(),
        "-D", "replicakit.metrics.server.address=0.0.0.0:" + metricsPort);
    assertEquals(0, metrics.code(), metrics.output());
    assertTrue(metrics.output().contains("3 DataNodes (3 fresh)"), metrics.output());
    assertTrue(metrics.output().contains("cpuIdle%"), metrics.output());
    for (String dn : new String[] {"dn01", "dn02", "dn03"}) {
      assertTrue(ProcessClusters.log(dir, dn).contains("(host source oshi, volume source oshi)"), dn);
    }
  }
}
