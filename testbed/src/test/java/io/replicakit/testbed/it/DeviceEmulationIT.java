/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.testbed.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.device.BackgroundLoad;
import io.replicakit.testbed.device.EmulatedDevices;
import io.replicakit.testbed.device.VolumeStats;
import io.replicakit.testbed.dfsio.DfsioRequest;
import io.replicakit.testbed.dfsio.DfsioResult;
import io.replicakit.testbed.dfsio.DfsioRunner;
import io.replicakit.testbed.spec.ClusterSpec;
import io.replicakit.testbed.spec.ClusterSpecs;
import io.replicakit.testbed.spec.Sizes;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Device emulation on real DataNodes: TestDFSIO reads of SSD-resident data run at the configured SSD:DISK
 * speed ratio, the counters see the bytes on the right medium, and streams sharing one device share its
 * bandwidth.
 */
class DeviceEmulationIT {

  private static final int FILES = 3;
  private static final long FILE_BYTES = 48 * Sizes.MIB;

  @TempDir
  static Path dir;

  private static EmbeddedCluster cluster;

  @BeforeAll
  static void startCluster() throws Exception {
    cluster = EmbeddedCluster.start(ClusterSpecs.load("one-ssd"), ClusterOptions.in(dir.resolve("cluster")));
  }

  @AfterAll
  static void stopCluster() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void dfsioRead_allSsdVersusHot_followsConfiguredSpeedRatio() throws Exception {
    ClusterSpec spec = cluster.spec();
    DfsioRunner runner = new DfsioRunner(cluster.clientConf(ClientPlacement.offCluster()), dir.resolve("dfsio"));
    DfsioRequest ssd = DfsioRequest.of(DfsioRequest.Op.WRITE, FILES, FILE_BYTES)
        .withReplication(1).withStoragePolicy("ALL_SSD").withBaseDir("/dfsio-ssd");
    DfsioRequest hot = DfsioRequest.of(DfsioRequest.Op.WRITE, FILES, FILE_BYTES)
        .withReplication(1).withStoragePolicy("HOT").withBaseDir("/dfsio-hot");
    runner.run(ssd);
    runner.run(hot);

    Map<StorageType, Long> beforeSsdRead = readBytesByType();
    DfsioResult ssdRead = runner.run(ssd.withOp(DfsioRequest.Op.READ));
    Map<StorageType, Long> afterSsdRead = readBytesByType();
    DfsioResult hotRead = runner.run(hot.withOp(DfsioRequest.Op.READ));
    Map<StorageType, Long> afterHotRead = readBytesByType();

    double configured = spec.devices().mibPerSec(StorageType.SSD) / spec.devices().mibPerSec(StorageType.DISK);
    double measured = ssdRead.throughputMbS() / hotRead.throughputMbS();
    assertTrue(Math.abs(measured / configured - 1) <= 0.25,
        "SSD/HOT read throughput ratio " + measured + " (" + ssdRead.throughputMbS() + " / "
            + hotRead.throughputMbS() + " MiB/s) should be within 25% of configured " + configured);

    long data = FILES * FILE_BYTES;
    long ssdDuringSsd = afterSsdRead.get(StorageType.SSD) - beforeSsdRead.get(StorageType.SSD);
    long diskDuringHot = afterHotRead.get(StorageType.DISK) - afterSsdRead.get(StorageType.DISK);
    long ssdDuringHot = afterHotRead.get(StorageType.SSD) - afterSsdRead.get(StorageType.SSD);
    assertTrue(ssdDuringSsd >= data, "SSD volumes read " + ssdDuringSsd + " bytes of " + data);
    assertTrue(diskDuringHot >= data, "DISK volumes read " + diskDuringHot + " bytes of " + data);
    assertEquals(0, ssdDuringHot, "HOT data must not be read from SSD volumes");
  }

  @Test
  void twoConcurrentWriters_onOneVolume_eachGetHalfItsBandwidth() throws Exception {
    String node = "dn03";
    double diskMibps = cluster.spec().devices().mibPerSec(StorageType.DISK);
    long bytes = 24 * Sizes.MIB;
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode(node))) {
      fs.mkdirs(new org.apache.hadoop.fs.Path("/concurrent"));
      fs.setStoragePolicy(new org.apache.hadoop.fs.Path("/concurrent"), "HOT");
      List<Future<Double>> writers = List.of(
          pool.submit(() -> writeMibps(fs, "/concurrent/a", bytes)),
          pool.submit(() -> writeMibps(fs, "/concurrent/b", bytes)));
      for (Future<Double> writer : writers) {
        double mibps = writer.get();
        assertTrue(Math.abs(mibps / (diskMibps / 2) - 1) <= 0.25,
            "each of two writers on one " + diskMibps + " MiB/s DISK got " + mibps + " MiB/s; expected about "
                + diskMibps / 2);
      }
    } finally {
      pool.shutdownNow();
    }
    long written = cluster.devices(node).stats().stream()
        .filter(s -> s.type() == StorageType.DISK).mapToLong(VolumeStats::writeBytes).sum();
    assertTrue(written >= 2 * bytes, "dn03's DISK volume counted " + written + " written bytes");
  }

  @Test
  void backgroundLoad_onANode_takesBandwidthFromItsReaders() throws Exception {
    String node = "dn04";
    double diskMibps = cluster.spec().devices().mibPerSec(StorageType.DISK);
    org.apache.hadoop.fs.Path file = writeOneDiskReplica(node, "/loaded/data", 16 * Sizes.MIB);
    try (DistributedFileSystem reader = cluster.fileSystem(ClientPlacement.offCluster());
         BackgroundLoad load = cluster.devices(node).startLoad(
             v -> v.type() == StorageType.DISK, diskMibps / 2, Duration.ofMinutes(2))) {
      double mibps = readMibps(reader, file);
      assertTrue(Math.abs(mibps / (diskMibps / 2) - 1) <= 0.25,
          "a reader sharing " + node + "'s DISK with " + diskMibps / 2 + " MiB/s of background load got "
              + mibps + " MiB/s; expected about " + diskMibps / 2);
    }
  }

  @Test
  void slowDown_ofANode_slowsItsReadersForTheWindow() throws Exception {
    String node = "dn05";
    double diskMibps = cluster.spec().devices().mibPerSec(StorageType.DISK);
    org.apache.hadoop.fs.Path file = writeOneDiskReplica(node, "/slow/data", 12 * Sizes.MIB);
    cluster.devices(node).slowDown(0.25, Duration.ofMinutes(2));
    try (DistributedFileSystem reader = cluster.fileSystem(ClientPlacement.offCluster())) {
      double mibps = readMibps(reader, file);
      assertTrue(Math.abs(mibps / (diskMibps / 4) - 1) <= 0.25,
          "a reader of " + node + " slowed to a quarter got " + mibps + " MiB/s; expected about " + diskMibps / 4);
    } finally {
      cluster.devices(node).restoreSpeed();
    }
  }

  /** A replication-1 HOT file written from {@code node}: its only replica is on that node's DISK. */
  private static org.apache.hadoop.fs.Path writeOneDiskReplica(String node, String path, long bytes)
      throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(path);
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.onNode(node))) {
      fs.mkdirs(file.getParent());
      fs.setStoragePolicy(file.getParent(), "HOT");
      writeMibps(fs, path, bytes);
    }
    return file;
  }

  private static double readMibps(DistributedFileSystem fs, org.apache.hadoop.fs.Path file) throws Exception {
    byte[] buffer = new byte[(int) Sizes.MIB];
    long bytes = 0;
    long start = System.nanoTime();
    try (FSDataInputStream in = fs.open(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        bytes += n;
      }
    }
    return bytes / (double) Sizes.MIB / ((System.nanoTime() - start) / 1e9);
  }

  /** Writes one replica-1 file from the client's node and returns its MiB/s. */
  private static double writeMibps(DistributedFileSystem fs, String path, long bytes) throws Exception {
    byte[] buffer = new byte[(int) Sizes.MIB];
    long start = System.nanoTime();
    try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) 1)) {
      for (long written = 0; written < bytes; written += buffer.length) {
        out.write(buffer);
      }
    }
    return bytes / (double) Sizes.MIB / ((System.nanoTime() - start) / 1e9);
  }

  private static Map<StorageType, Long> readBytesByType() {
    Map<StorageType, Long> byType = EmulatedDevices.global().stats().stream()
        .collect(Collectors.groupingBy(VolumeStats::type, Collectors.summingLong(VolumeStats::readBytes)));
    byType.putIfAbsent(StorageType.SSD, 0L);
    byType.putIfAbsent(StorageType.DISK, 0L);
    return byType;
  }
}
