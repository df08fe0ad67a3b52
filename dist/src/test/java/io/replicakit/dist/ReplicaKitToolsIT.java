/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.net.Ports;
import io.replicakit.tools.ReplicaKitTools;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each subcommand of the jar's Main-Class once against a live cluster, pointed at it only with Hadoop's generic
 * options ({@code -fs}, {@code -D}), as {@code hadoop jar replicakit-VERSION.jar ...} would run it. The cluster has
 * the heartbeat-metrics plugins (OSHI sources, i.e. real sampling of this machine) in two racks.
 */
class ReplicaKitToolsIT {

  private static MiniDFSCluster cluster;
  private static DistributedFileSystem fs;
  private static int metricsPort;
  private static String uri;

  @BeforeAll
  static void startCluster() throws IOException {
    metricsPort = Ports.free();
    Configuration conf = new HdfsConfiguration();
    conf.set("dfs.namenode.plugins", "io.replicakit.metrics.namenode.SystemStatePlugin");
    conf.set("dfs.datanode.plugins", "io.replicakit.metrics.datanode.MetricsReporterPlugin");
    conf.set("replicakit.metrics.server.address", "127.0.0.1:" + metricsPort);
    conf.set("replicakit.metrics.interval.ms", "500");
    conf.set("dfs.namenode.fs-limits.min-block-size", "0");
    File base = new File("target/it-tools-" + System.nanoTime());
    cluster = new MiniDFSCluster.Builder(conf, base).numDataNodes(2).racks(new String[] {"/r1", "/r2"}).build();
    cluster.waitActive();
    fs = cluster.getFileSystem();
    uri = fs.getUri().toString();
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.shutdown(true);
    }
  }

  /** A base configuration that knows nothing of the cluster: the generic options must bring it. */
  private static Result tools(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = ReplicaKitTools.run(new HdfsConfiguration(), args, print(out), print(err));
    return new Result(code, out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void report_analysesAPathOnTheClusterNamedByFs() throws Exception {
    Path file = new Path("/data/f");
    try (FSDataOutputStream out = fs.create(file, true, 4096, (short) 2, 1024 * 1024)) {
      out.write(new byte[3 * 1024 * 1024]);
    }
    Result r = tools("report", "-fs", uri, "-policy", "default", "/data");
    assertEquals(0, r.code, r.text);
    assertTrue(r.text.contains("files: 1, blocks: 3, counted nodes: 2"), r.text);
    assertTrue(r.text.contains("/r1") && r.text.contains("/r2"), r.text);
    assertTrue(r.text.contains("blocks in unique racks"), r.text);
  }

  @Test
  void metrics_readsTheRegistryAtTheFsHostAndTheConfiguredPort() throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    Result r;
    do {
      r = tools("metrics", "-fs", "hdfs://127.0.0.1:" + cluster.getNameNodePort(),
          "-D", "replicakit.metrics.server.address=0.0.0.0:" + metricsPort);
      assertEquals(0, r.code, r.text);
      if (r.text.contains("2 DataNodes (2 fresh)")) {
        break;
      }
      Thread.sleep(500);
    } while (System.nanoTime() < deadline);
    assertTrue(r.text.contains("2 DataNodes (2 fresh)"), r.text);
    assertTrue(r.text.contains("cpuIdle%"), r.text);
  }

  @Test
  void pfimbiCheck_listsAFileBelowItsTargetAndRepairsIt() throws Exception {
    Path dir = new Path("/pf");
    fs.mkdirs(dir);
    fs.setXAttr(dir, "user.replicakit.pfimbi", "n=2;s=1;flow=it;weight=1".getBytes(StandardCharsets.UTF_8));
    Path file = new Path(dir, "part-0");
    try (FSDataOutputStream out = fs.create(file, (short) 1)) {
      out.write(new byte[4096]);
    }
    Result check = tools("pfimbi-check", "-fs", uri, "/pf");
    assertEquals(1, check.code, check.text);
    assertTrue(check.text.contains("/pf/part-0"), check.text);

    Result repair = tools("pfimbi-check", "-fs", uri, "-repair", "/pf");
    assertEquals(0, repair.code, repair.text);
    assertTrue(repair.text.contains("raised"), repair.text);
    assertEquals(2, fs.getFileStatus(file).getReplication());
  }

  /** Two equal nodes holding the same replicas are balanced: the balancer says so and exits 0, as HDFS's does. */
  @Test
  void balancer_findsTheClusterNamedByFsBalanced_andExits0() throws Exception {
    Result r = tools("balancer", "-fs", uri, "-D", "replicakit.metrics.server.address=0.0.0.0:" + metricsPort,
        "-threshold", "10");
    assertEquals(0, r.code, r.text);
    assertTrue(r.text.contains("The cluster is balanced. Exiting..."), r.text);
    assertTrue(r.text.contains("Iteration#"), r.text);
  }

  private record Result(int code, String text) {}

  private static PrintStream print(OutputStream out) {
    return new PrintStream(out, true, StandardCharsets.UTF_8);
  }
}
