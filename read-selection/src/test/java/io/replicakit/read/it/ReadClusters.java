/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.read.it;

import io.replicakit.metrics.testing.MetricsRecipe;
import io.replicakit.read.hdfs.ReplicaKitNetworkTopology;
import io.replicakit.read.policy.ReadPolicy;
import io.replicakit.read.testing.ReadRecipe;
import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.ClusterOptions;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import io.replicakit.testbed.spec.DataNodeSpec;
import io.replicakit.testbed.spec.ClusterSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/** Cluster options and helpers shared by the read-selection ITs. */
final class ReadClusters {

  static final long BLOCK = 1024 * 1024;

  private ReadClusters() {}

  /**
   * The topology with {@code policy}, the throughputs of {@code spec}'s emulated devices, and the racks' real
   * bandwidth: the embedded cluster's rack uplinks are loopback, not a bottleneck, so fast storage counts in
   * other racks too.
   */
  static ClusterOptions withPolicy(Path dir, ClusterSpec spec, String policy) {
    return ReadRecipe.install(ClusterOptions.in(dir), policy, spec.devices().speeds())
        .with(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, Long.toString(BLOCK))
        .with(DFSConfigKeys.DFS_BYTES_PER_CHECKSUM_KEY, "512");
  }

  /** Adds both heartbeat-metrics plugins, reporting every second. */
  static ClusterOptions withMetrics(ClusterOptions options) {
    return MetricsRecipe.install(options, 1000);
  }

  /** Writes {@code files} files of {@code blocks} blocks under {@code dir} with a storage policy. */
  static List<org.apache.hadoop.fs.Path> write(EmbeddedCluster cluster, String dir, String storagePolicy,
      int files, int blocks) throws IOException {
    return write(cluster, dir, storagePolicy, files, blocks, ClientPlacement.offCluster(), "f");
  }

  /**
   * {@code files} files of {@code blocks} blocks each, named {@code prefix0}, {@code prefix1}, ..., written from
   * {@code writer} (a rack's client host gets each block's first replica in its rack).
   */
  static List<org.apache.hadoop.fs.Path> write(EmbeddedCluster cluster, String dir, String storagePolicy,
      int files, int blocks, ClientPlacement writer, String prefix) throws IOException {
    List<org.apache.hadoop.fs.Path> paths = new ArrayList<>();
    try (DistributedFileSystem fs = cluster.fileSystem(writer)) {
      org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path(dir);
      fs.mkdirs(base);
      fs.setStoragePolicy(base, storagePolicy);
      byte[] data = new byte[(int) BLOCK];
      new Random(1).nextBytes(data);
      for (int f = 0; f < files; f++) {
        org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(base, prefix + f);
        try (FSDataOutputStream out = fs.create(p, (short) 3)) {
          for (int b = 0; b < blocks; b++) {
            out.write(data);
          }
        }
        paths.add(p);
      }
    }
    awaitThreeReplicas(cluster, paths);
    return paths;
  }

  /**
   * Waits until the NameNode lists three replicas of every block: a file is closed once every replica has acked
   * its data, but the NameNode learns of each finalized replica from its DataNode's incremental block report, which
   * may come a moment later. A block listed with two replicas then gets no storage-class turn (a verify at
   * {@code 06aa48e} read one such block in {@code ReadPolicyIT}).
   */
  private static void awaitThreeReplicas(EmbeddedCluster cluster, List<org.apache.hadoop.fs.Path> paths)
      throws IOException {
    try {
      for (org.apache.hadoop.fs.Path p : paths) {
        cluster.waitForLiveReplicas(p, 3, Duration.ofSeconds(30));
      }
    } catch (TimeoutException e) {
      throw new IOException("written files did not reach three replicas: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted waiting for three replicas", e);
    }
  }

  /** The located blocks of {@code path} as the NameNode orders them for {@code fs}'s client. */
  static List<LocatedBlock> located(DistributedFileSystem fs, org.apache.hadoop.fs.Path path) throws IOException {
    return fs.getClient().getLocatedBlocks(path.toUri().getPath(), 0, Long.MAX_VALUE).getLocatedBlocks();
  }

  /**
   * One letter per block, in order: {@code F} when its first replica is on SSD (fast), {@code S} when on DISK
   * (slow), {@code ?} otherwise.
   */
  static String firstClasses(List<LocatedBlock> blocks) {
    StringBuilder classes = new StringBuilder(blocks.size());
    for (LocatedBlock block : blocks) {
      StorageType first = block.getStorageTypes()[0];
      classes.append(first == StorageType.SSD ? 'F' : first == StorageType.DISK ? 'S' : '?');
    }
    return classes.toString();
  }

  /** The read policy of the cluster's NameNode, as its topology holds it. */
  static ReadPolicy policy(EmbeddedCluster cluster) {
    return ((ReplicaKitNetworkTopology) cluster.miniCluster().getNamesystem().getBlockManager().getDatanodeManager()
        .getNetworkTopology()).policy();
  }

  /** Bytes read so far from each storage type's emulated volumes, cluster-wide. */
  static Map<String, Long> bytesReadByType(EmbeddedCluster cluster) {
    Map<String, Long> read = new TreeMap<>();
    for (DataNodeSpec dn : cluster.spec().dataNodes()) {
      cluster.devices(dn.name()).stats().forEach(s -> read.merge(s.type().name(), s.readBytes(), Long::sum));
    }
    return read;
  }

  static String oneSsd() {
    return HdfsConstants.ONESSD_STORAGE_POLICY_NAME;
  }
}
