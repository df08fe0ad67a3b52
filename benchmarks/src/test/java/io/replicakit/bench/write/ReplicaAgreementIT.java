/*
 * Copyright 2026 The ReplicaKit authors
 * SPDX-License-Identifier: Apache-2.0
 */
package io.replicakit.bench.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On a real cluster: replicas written alike agree, and one replica whose stored checksums differ is found in whichever
 * position it is (a read-back reads one replica per block and would find it only when it happened to pick it).
 */
class ReplicaAgreementIT {

  private static final int BLOCK = 1024 * 1024;

  @TempDir
  java.nio.file.Path dir;

  @Test
  void oneReplicaWithOtherChecksums_makesItsBlockDisagree_andOnlyThatBlock() throws Exception {
    Configuration conf = new HdfsConfiguration();
    conf.setLong(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, BLOCK);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, dir.toFile()).numDataNodes(3).build();
    try {
      cluster.waitActive();
      DistributedFileSystem fs = cluster.getFileSystem();
      Path file = new Path("/w/part-0");
      byte[] data = new byte[2 * BLOCK + 12_345];
      new Random(7).nextBytes(data);
      try (FSDataOutputStream out = fs.create(file, (short) 3)) {
        out.write(data);
      }
      assertEquals(0, ReplicaAgreement.blocksDisagreeing(fs, new Path("/w")));

      ExtendedBlock second = fs.getClient().getLocatedBlocks(file.toString(), 0, data.length).get(1).getBlock();
      cluster.corruptMeta(1, second);
      assertEquals(1, ReplicaAgreement.blocksDisagreeing(fs, new Path("/w")));
    } finally {
      cluster.shutdown();
    }
  }
}
