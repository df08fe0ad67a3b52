/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.net.LinkCounters;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.SpecParser;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;

/**
 * What {@link ShapedNetworkIT} runs inside a private network namespace ({@code bin/netns-run}): a multi-process
 * cluster of three DataNodes, {@code dn01} and {@code dn02} in rack {@code /r1} and {@code dn03} in {@code /r2},
 * whose rack uplinks are shaped to {@value #UPLINK_MB_S} MB/s and node links left unshaped. It measures a raw TCP
 * transfer within {@code /r1} and one from {@code /r1} to {@code /r2}, then an HDFS write and read of a file whose
 * one replica is on {@code dn03} by an off-cluster client (on the core, so through {@code /r2}'s uplink) and a
 * read of it by a client on {@code /r2}'s client host (within the rack), and prints each result as a line
 * {@code RESULT name value}.
 */
public final class ShapedNetworkProbe {

  /** Well below what a loaded 2-core machine moves through HDFS unshaped (about 12 MB/s at a load of 45). */
  static final double UPLINK_MB_S = 4;
  private static final int FILE_MB = 20;
  private static final int TRIALS = 3;
  private static final long BLOCK_BYTES = 32L << 20;
  private static final double TCP_SECONDS = 3;

  private ShapedNetworkProbe() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    // Blocks larger than the file: one block, one pipeline, so the transfer and not per-block set-up is timed.
    ClusterOptions options = ProcessClusters.options(dir).with("dfs.blocksize", Long.toString(BLOCK_BYTES));
    // DataNodes that move data get the full JIT (the other ITs' daemons stop at C1 to start faster).
    options = options.withProcesses(options.processes().withJvmOptions(List.of()));
    try (Cluster cluster = Cluster.start(spec(), options)) {
      result("network", cluster.describeNetwork());
      result("tcp_intra_rack_mb_s", tcp("dn01", "dn02", cluster));
      result("tcp_inter_rack_mb_s", tcp("dn01", "dn03", cluster));
      hdfs(cluster);
    }
    ProcessClusters.assertNoDaemonLeft(dir);
    result("done", "true");
  }

  static ClusterSpec spec() {
    Properties props = new Properties();
    props.setProperty(SpecParser.NAME, "shaped-uplinks");
    props.setProperty(SpecParser.DATANODES, "3");
    props.setProperty(SpecParser.RACKS, "2");
    props.setProperty(SpecParser.CAPACITIES, "1g*3");
    props.setProperty(SpecParser.DEVICE_MIBPS_PREFIX + "disk", "400");
    props.setProperty(SpecParser.NET_RACK_UPLINK, UPLINK_MB_S + "MB/s");
    return SpecParser.parse(props, "shaped-uplinks");
  }

  /** MB/s of a raw TCP stream from {@code from}'s namespace to {@code to}'s, measured at the receiver. */
  private static double tcp(String from, String to, Cluster cluster) throws Exception {
    String address = cluster.spec().dataNode(to).address();
    int port = ProcessClusters.freePort();
    Process server = probe(to, "server", Integer.toString(port));
    BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    if (!"listening".equals(out.readLine())) {
      throw new IllegalStateException("TCP probe server in " + to + " did not start");
    }
    Process client = probe(from, "client", address, Integer.toString(port), Double.toString(TCP_SECONDS));
    if (!client.waitFor(60, TimeUnit.SECONDS) || client.exitValue() != 0) {
      throw new IllegalStateException("TCP probe client in " + from + " failed");
    }
    String[] received = out.readLine().split(" ");
    server.waitFor(10, TimeUnit.SECONDS);
    return Long.parseLong(received[1]) / Double.parseDouble(received[2]) / 1e6;
  }

  private static Process probe(String namespace, String... args) throws Exception {
    List<String> argv = new ArrayList<>(List.of("ip", "netns", "exec", namespace,
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m", "-XX:TieredStopAtLevel=1",
        "-cp", System.getProperty("java.class.path"), TcpProbe.class.getName()));
    argv.addAll(List.of(args));
    return new ProcessBuilder(argv).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  /**
   * Writes then reads files whose one replica is on dn03, {@value #TRIALS} times, timing each transfer and
   * measuring /r2's uplink meanwhile; then reads the last from /r2's client host. Several trials because on a
   * loaded machine a transfer may lose time to its processes waiting for a core, which no link can give back.
   */
  private static void hdfs(Cluster cluster) throws Exception {
    byte[] chunk = new byte[1 << 20];
    new java.util.Random(3).nextBytes(chunk);
    List<String> writes = new ArrayList<>();
    List<String> reads = new ArrayList<>();
    org.apache.hadoop.fs.Path file = null;
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      InetSocketAddress dn03 = xferAddress(fs, cluster.spec().dataNode("dn03").address());
      for (int t = 0; t < TRIALS; t++) {
        file = new org.apache.hadoop.fs.Path("/shaped-" + t);
        writes.add(format(write(cluster, fs, file, dn03, chunk)));
        result("hdfs_first_block_on", String.join(",", fs.getFileBlockLocations(file, 0, 1)[0].getNames()));
        reads.add(format(read(cluster, fs, file, chunk)));
      }
    }
    result("hdfs_write_mb_s", String.join(",", writes));
    result("hdfs_read_mb_s", String.join(",", reads));
    result("hdfs_intra_rack_read_mb_s", readFromRack(cluster, file, "/r2", chunk));
  }

  /** MB/s from the first byte until dn03 has acknowledged the last (hflush; closing then waits for the NameNode). */
  private static double write(Cluster cluster, DistributedFileSystem fs, org.apache.hadoop.fs.Path file,
      InetSocketAddress target, byte[] chunk) throws Exception {
    try (FSDataOutputStream out = fs.create(file, FsPermission.getFileDefault(), true, 1 << 16, (short) 1,
        BLOCK_BYTES, null, new InetSocketAddress[] {target})) {
      List<LinkCounters> before = cluster.linkCounters();
      long start = System.nanoTime();
      for (int i = 0; i < FILE_MB; i++) {
        out.write(chunk);
      }
      out.hflush();
      double seconds = (System.nanoTime() - start) / 1e9;
      uplink("write", before, cluster.linkCounters(), seconds);
      return FILE_MB * (1 << 20) / seconds / 1e6;
    }
  }

  private static double read(Cluster cluster, DistributedFileSystem fs, org.apache.hadoop.fs.Path file,
      byte[] chunk) throws Exception {
    List<LinkCounters> before = cluster.linkCounters();
    long start = System.nanoTime();
    long read = 0;
    try (FSDataInputStream in = fs.open(file)) {
      for (int n = in.read(chunk); n > 0; n = in.read(chunk)) {
        read += n;
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    uplink("read", before, cluster.linkCounters(), seconds);
    return read / seconds / 1e6;
  }

  /** {@code /r2}'s uplink during a transfer: bytes down and up, and its busier direction's utilization. */
  private static void uplink(String transfer, List<LinkCounters> before, List<LinkCounters> after, double seconds) {
    for (int i = 0; i < after.size(); i++) {
      Map<String, Object> usage = after.get(i).since(before.get(i), seconds);
      if (usage.get("link").equals("/r2")) {
        result("r2_uplink_" + transfer + "_down_bytes", usage.get("down_bytes"));
        result("r2_uplink_" + transfer + "_up_bytes", usage.get("up_bytes"));
        result("r2_uplink_" + transfer + "_utilization", usage.get("utilization"));
      }
    }
  }

  /** MB/s of reading {@code file} by a client on {@code rack}'s client host (in this JVM, bound to its address). */
  private static double readFromRack(Cluster cluster, org.apache.hadoop.fs.Path file, String rack, byte[] chunk)
      throws Exception {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.inRack(rack))) {
      long start = System.nanoTime();
      long read = 0;
      try (FSDataInputStream in = fs.open(file)) {
        for (int n = in.read(chunk); n > 0; n = in.read(chunk)) {
          read += n;
        }
      }
      return read / ((System.nanoTime() - start) / 1e9) / 1e6;
    }
  }

  private static InetSocketAddress xferAddress(DistributedFileSystem fs, String ip) throws Exception {
    for (DatanodeInfo dn : fs.getDataNodeStats()) {
      if (dn.getIpAddr().equals(ip)) {
        return new InetSocketAddress(ip, dn.getXferPort());
      }
    }
    throw new IllegalStateException("no live DataNode at " + ip);
  }

  private static String format(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  private static void result(String name, Object value) {
    String text = value instanceof Double d ? format(d) : String.valueOf(value);
    System.out.println("RESULT " + name + " " + text);
    System.out.flush();
  }
}
