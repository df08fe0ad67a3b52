/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.write.it;

import io.replicakit.testbed.cluster.ClientPlacement;
import io.replicakit.testbed.cluster.EmbeddedCluster;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.protocol.LocatedBlocks;
import org.apache.hadoop.io.IOUtils;

/** What the write-mode ITs read back and write with: HDFS's stock client off the cluster, and seeded data. */
final class WriteFiles {

  private WriteFiles() {}

  /** The file as HDFS's stock client reads it (checksums verified), from off the cluster. */
  static byte[] readBack(EmbeddedCluster cluster, Path file) throws IOException {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster());
        FSDataInputStream in = fs.open(file)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      IOUtils.copyBytes(in, out, 64 * 1024);
      return out.toByteArray();
    }
  }

  /** Every block of the file with its locations, as the NameNode lists them. */
  static List<LocatedBlock> located(EmbeddedCluster cluster, Path file) throws IOException {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      return fs.getClient().getLocatedBlocks(file.toUri().getPath(), 0, Long.MAX_VALUE).getLocatedBlocks();
    }
  }

  /**
   * The DataNode UUIDs of the file's last block as the NameNode lists them: for a file being written, the block
   * being written, with the replicas its writer last told the NameNode of ({@code updatePipeline}).
   */
  static List<String> lastBlockNodes(EmbeddedCluster cluster, Path file) throws IOException {
    try (DistributedFileSystem fs = cluster.fileSystem(ClientPlacement.offCluster())) {
      LocatedBlocks blocks = fs.getClient().getLocatedBlocks(file.toUri().getPath(), 0, Long.MAX_VALUE);
      LocatedBlock last = blocks.getLastLocatedBlock() != null ? blocks.getLastLocatedBlock()
          : blocks.getLocatedBlocks().get(blocks.locatedBlockCount() - 1);
      return Arrays.stream(last.getLocations()).map(DatanodeInfo::getDatanodeUuid).toList();
    }
  }

  /** {@code n} random bytes, the same for the same {@code n}. */
  static byte[] data(int n) {
    byte[] data = new byte[n];
    new Random(n).nextBytes(data);
    return data;
  }

  /** A port free at the moment, for the relay (one port for every DataNode). */
  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }
}
