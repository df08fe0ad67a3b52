/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.dist.processes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.Cluster;
import io.replicakit.testbed.device.VolumeStats;
import io.replicakit.testbed.spec.DataNodeSpec;
import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import javax.management.ObjectName;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Read selection installed as an operator installs it: the jar on the daemons' class path and
 * {@code conf/read-selection-hdfs-site.xml} merged into their configuration, with its policy set to
 * {@code storage-type} and its inter-rack bandwidth to the testbed's unshaped links. A NameNode of its own process
 * then orders every block's replicas SSD first for an off-cluster reader, and every byte read comes from an SSD
 * device of the DataNode processes.
 */
class ReadSelectionProcessesIT {

  private static final org.apache.hadoop.fs.Path DATA = new org.apache.hadoop.fs.Path("/data");

  @TempDir
  static Path dir;

  private static Cluster cluster;

  @BeforeAll
  static void start() throws Exception {
    cluster = Cluster.start(ProcessClusters.spec("read-selection", 3, 3, "SSD,DISK"),
        ProcessClusters.options(dir)
            .withSiteFile(ProcessClusters.sample("read-selection-hdfs-site.xml"))
            .with("replicakit.read.policy", "storage-type")
            // The testbed's links are unshaped loopback: racks are no bottleneck, as in read-selection's own ITs
            // (the sample's 0 keeps every read in the reader's rack, which an off-cluster reader does not have).
            .with("replicakit.read.bandwidth.inter-rack.mbps", "1250"));
  }

  @AfterAll
  static void stop() {
    ProcessClusters.stop(cluster, dir);
  }

  @Test
  void storageType_ordersTheSsdReplicaFirst_andReadsComeFromSsdDevices() throws Exception {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      fs.mkdirs(DATA);
      fs.setStoragePolicy(DATA, HdfsConstants.ONESSD_STORAGE_POLICY_NAME);
      byte[] block = new byte[(int) ProcessClusters.BLOCK];
      new Random(7).nextBytes(block);
      for (int f = 0; f < 3; f++) {
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path(DATA, "f" + f), (short) 3)) {
          for (int b = 0; b < 2; b++) {
            out.write(block);
          }
        }
      }
      Map<String, Long> before = bytesReadByType();
      long read = 0;
      for (int f = 0; f < 3; f++) {
        String file = "/data/f" + f;
        for (LocatedBlock located : fs.getClient().getLocatedBlocks(file, 0, Long.MAX_VALUE).getLocatedBlocks()) {
          assertEquals(3, located.getLocations().length);
          assertEquals(StorageType.SSD, located.getStorageTypes()[0], "first replica of " + located.getBlock());
        }
        try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path(file))) {
          read += in.readAllBytes().length;
        }
      }
      Map<String, Long> after = bytesReadByType();
      assertEquals(before.get("DISK"), after.get("DISK"), "no byte read from a DISK device");
      assertTrue(after.get("SSD") - before.get("SSD") >= read, "every byte read from an SSD device");
    }
    assertTrue(ProcessClusters.log(dir, "namenode").contains("ReplicaKit read selection: policy storage-type"));
    ObjectName bean = new ObjectName("Hadoop:service=NameNode,name=ReplicaKitReadSelection");
    assertEquals("storage-type", cluster.nameNodeBeans().getAttribute(bean, "tag.Policy"));
  }

  /** Bytes the DataNode processes' emulated devices have read, per storage type (over their JMX agents). */
  private static Map<String, Long> bytesReadByType() {
    Map<String, Long> read = new TreeMap<>();
    for (DataNodeSpec dn : cluster.spec().dataNodes()) {
      for (VolumeStats s : cluster.devices(dn.name()).stats()) {
        read.merge(s.type().name(), s.readBytes(), Long::sum);
      }
    }
    return read;
  }
}
